/**
 * A SCIM 2.0 client as an identity provider is one (RFC 7644 §3): bearer
 * token, application/scim+json both ways, the protocol's own messages.
 * The API tests and the browser journey provision through it.
 */
export const SCIM = {
  user: "urn:ietf:params:scim:schemas:core:2.0:User",
  list: "urn:ietf:params:scim:api:messages:2.0:ListResponse",
  patch: "urn:ietf:params:scim:api:messages:2.0:PatchOp",
  error: "urn:ietf:params:scim:api:messages:2.0:Error",
} as const;

export interface ScimAnswer {
  status: number;
  headers: Headers;
  body: any;
}

export class ScimClient {
  constructor(
    readonly baseUrl: string,
    private readonly token: string,
  ) {}

  async request(method: string, path: string, body?: unknown, contentType = "application/scim+json"): Promise<ScimAnswer> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        accept: "application/scim+json",
        ...(body !== undefined ? { "content-type": contentType } : {}),
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  }

  /** POST /Users (RFC 7644 §3.3). */
  create(user: { userName: string; email?: string; givenName?: string; familyName?: string; externalId?: string; active?: boolean }) {
    return this.request("POST", "/Users", {
      schemas: [SCIM.user],
      userName: user.userName,
      ...(user.externalId ? { externalId: user.externalId } : {}),
      ...(user.givenName || user.familyName ? { name: { givenName: user.givenName, familyName: user.familyName } } : {}),
      ...(user.email ? { emails: [{ value: user.email, type: "work", primary: true }] } : {}),
      active: user.active ?? true,
    });
  }

  /** GET /Users?filter=… (RFC 7644 §3.4.2.2). */
  find(filter: string, paging: { startIndex?: number; count?: number } = {}) {
    const query = new URLSearchParams({ filter, ...Object.fromEntries(Object.entries(paging).map(([k, v]) => [k, String(v)])) });
    return this.request("GET", `/Users?${query}`);
  }

  /** PATCH /Users/{id} with one replace operation (RFC 7644 §3.5.2.3), as Entra ID and Okta deactivate. */
  setActive(id: string, active: boolean) {
    return this.request("PATCH", `/Users/${id}`, { schemas: [SCIM.patch], Operations: [{ op: "replace", path: "active", value: active }] });
  }
}
