import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AccessCode,
  AccessCodeInput,
  DirectoryState,
  DirectoryToken,
  EmailDomain,
  SsoSettings,
  SsoSettingsInput,
  EmployeeWithAccess,
  SignatoryInput,
  SignatoryState,
  ItHandoffInput,
} from "../../../../../shared/schemas/workplace.js";
import { api } from "../../../../lib/api.js";
import { queryKeys } from "../../../../lib/query-keys.js";

const key = (organizationId: string) => queryKeys.organizationPart(organizationId, "workplace");
const base = (organizationId: string) => `/organizations/${organizationId}/workplace`;

/** GET …/workplace/codes: the employer's access codes with their uses. */
export const useAccessCodes = (organizationId: string) =>
  useQuery({ queryKey: [...key(organizationId), "codes"], queryFn: () => api<{ codes: AccessCode[] }>(`${base(organizationId)}/codes`) });

/** GET …/workplace/employees: who holds access. */
export const useEmployeesWithAccess = (organizationId: string) =>
  useQuery({
    queryKey: [...key(organizationId), "employees"],
    queryFn: () => api<{ employees: EmployeeWithAccess[] }>(`${base(organizationId)}/employees`),
  });

function useWorkplaceMutation<T, R = unknown>(organizationId: string, call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: key(organizationId) }) });
}

export const useCreateAccessCode = (organizationId: string) =>
  useWorkplaceMutation(organizationId, (input: AccessCodeInput) => api(`${base(organizationId)}/codes`, { method: "POST", body: input }));

export const useDeactivateAccessCode = (organizationId: string) =>
  useWorkplaceMutation(organizationId, (codeId: string) => api(`${base(organizationId)}/codes/${codeId}/deactivate`, { method: "POST" }));

export const useRemoveEmployeeAccess = (organizationId: string) =>
  useWorkplaceMutation(organizationId, (userId: string) => api(`${base(organizationId)}/employees/${userId}`, { method: "DELETE" }));

/** GET …/workplace/signatory: who signs the employees' certificates. */
export const useSignatory = (organizationId: string) =>
  useQuery({ queryKey: [...key(organizationId), "signatory"], queryFn: () => api<SignatoryState>(`${base(organizationId)}/signatory`) });

export const useSetSignatory = (organizationId: string) =>
  useWorkplaceMutation(organizationId, (input: SignatoryInput | null) =>
    input
      ? api(`${base(organizationId)}/signatory`, { method: "PUT", body: input })
      : api(`${base(organizationId)}/signatory`, { method: "DELETE" }),
  );

/** GET …/workplace/directory: the staff directory's connection and whom the provider sent. */
export const useDirectory = (organizationId: string) =>
  useQuery({ queryKey: [...key(organizationId), "directory"], queryFn: () => api<DirectoryState>(`${base(organizationId)}/directory`) });

export const useCreateDirectoryToken = (organizationId: string) =>
  useWorkplaceMutation<void, DirectoryToken>(organizationId, () =>
    api<DirectoryToken>(`${base(organizationId)}/directory/token`, { method: "POST" }),
  );

export const useRevokeDirectoryToken = (organizationId: string) =>
  useWorkplaceMutation<void>(organizationId, () => api(`${base(organizationId)}/directory/token`, { method: "DELETE" }));

/** GET …/workplace/sso: the employer's OpenID Connect provider (never its secret) and the addresses to hand out. */
export const useSso = (organizationId: string) =>
  useQuery({ queryKey: [...key(organizationId), "sso"], queryFn: () => api<SsoSettings>(`${base(organizationId)}/sso`) });

export const useSaveSso = (organizationId: string) =>
  useWorkplaceMutation<SsoSettingsInput, SsoSettings>(organizationId, (input) =>
    api<SsoSettings>(`${base(organizationId)}/sso`, { method: "PUT", body: input }),
  );

export const useRemoveSso = (organizationId: string) =>
  useWorkplaceMutation<void>(organizationId, () => api(`${base(organizationId)}/sso`, { method: "DELETE" }));

/** GET …/workplace/sso/domains: the email domains the employer claims, and whether each is verified. */
export const useEmailDomains = (organizationId: string) =>
  useQuery({
    queryKey: [...key(organizationId), "sso-domains"],
    queryFn: () => api<{ domains: EmailDomain[] }>(`${base(organizationId)}/sso/domains`),
  });

export const useAddEmailDomain = (organizationId: string) =>
  useWorkplaceMutation(organizationId, (domain: string) =>
    api(`${base(organizationId)}/sso/domains`, { method: "POST", body: { domain } }),
  );

export const useCheckEmailDomain = (organizationId: string) =>
  useWorkplaceMutation(organizationId, (domain: string) =>
    api<EmailDomain>(`${base(organizationId)}/sso/domains/${encodeURIComponent(domain)}/check`, { method: "POST" }),
  );

export const useRemoveEmailDomain = (organizationId: string) =>
  useWorkplaceMutation(organizationId, (domain: string) =>
    api(`${base(organizationId)}/sso/domains/${encodeURIComponent(domain)}`, { method: "DELETE" }),
  );

/** POST …/workplace/it-handoff: mails the IT person the guide's link; answers the link too, to copy. */
export const useSendItHandoff = (organizationId: string) =>
  useMutation({
    mutationFn: (input: ItHandoffInput) =>
      api<{ url: string; expiresAt: string }>(`${base(organizationId)}/it-handoff`, { method: "POST", body: input }),
  });
