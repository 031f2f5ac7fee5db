// Each part from its own package: the @react-email/components index also loads its code block's Prism, about 0.9 s of CPU at
// every process's first email (issue 59).
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { render } from "@react-email/render";
import { translate } from "../../../shared/i18n/translate.js";
import { localeOf } from "../../../shared/i18n/languages.js";
import type { EmailContent } from "./email-content.js";

// Kindly's email, laid out with react-email (tables and inline styles that
// mail apps understand): the brand's name and colours, one large button,
// the link written short beside it, readable on a phone and in dark mode
// (mail apps that honour `prefers-color-scheme` get the dark palette; the
// others get colours that hold up when they invert them).

const BRAND = "#e11d48";
const BRAND_DARK = "#be123c";

const DARK_MODE = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .kindly-body, .kindly-body > table > tbody > tr > td { background-color: #1f1b1d !important; }
    .kindly-card { background-color: #2a2427 !important; border-color: #4a3a40 !important; }
    .kindly-text, .kindly-heading { color: #f5eef0 !important; }
    .kindly-muted { color: #cbbfc4 !important; }
    .kindly-link { color: #fda4af !important; }
  }
`;

function KindlyEmail({ content, actionUrl }: { content: EmailContent; actionUrl: string | null }) {
  const t = (key: string) => translate(content.language, key);
  return (
    <Html lang={localeOf(content.language)}>
      <Head>
        {/* Without it, phone mail apps lay the message out for a desktop width and shrink it to fit. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_MODE}</style>
      </Head>
      <Preview>{content.heading}</Preview>
      <Body
        className="kindly-body"
        style={{ backgroundColor: "#fff1f2", margin: 0, padding: "24px 0", fontFamily: "Helvetica, Arial, sans-serif" }}
      >
        <Container style={{ maxWidth: 560, margin: "0 auto", padding: "0 16px" }}>
          <Section style={{ padding: "0 4px 16px" }}>
            {/* A heart on the brand's colour, in text: mail apps block inline images, and this needs none. */}
            <span
              aria-hidden="true"
              style={{
                display: "inline-block",
                verticalAlign: "middle",
                width: 36,
                height: 36,
                lineHeight: "36px",
                textAlign: "center",
                borderRadius: 8,
                backgroundColor: BRAND,
                color: "#ffffff",
                fontSize: 22,
              }}
            >
              ♥
            </span>
            <span style={{ display: "inline-block", verticalAlign: "middle", marginLeft: 10, fontSize: 24, fontWeight: 800, color: BRAND }}>
              Kindly
            </span>
          </Section>
          <Section
            className="kindly-card"
            style={{ backgroundColor: "#ffffff", border: "1px solid #fecdd3", borderRadius: 16, padding: "28px 24px" }}
          >
            <Heading as="h1" className="kindly-heading" style={{ margin: "0 0 16px", fontSize: 24, lineHeight: "30px", color: "#111827" }}>
              {content.heading}
            </Heading>
            {content.greeting && (
              <Text className="kindly-text" style={{ fontSize: 17, lineHeight: "26px", color: "#1f2937", margin: "0 0 12px" }}>
                {content.greeting}
              </Text>
            )}
            {content.paragraphs.map((paragraph, index) => (
              <Text
                key={index}
                className="kindly-text"
                style={{ fontSize: 17, lineHeight: "26px", color: "#1f2937", margin: "0 0 12px", whiteSpace: "pre-line" }}
              >
                {paragraph}
              </Text>
            ))}
            {content.quote && (
              <Text
                className="kindly-text"
                style={{
                  fontSize: 17,
                  lineHeight: "26px",
                  color: "#1f2937",
                  margin: "4px 0 16px",
                  padding: "8px 0 8px 16px",
                  borderLeft: `4px solid ${BRAND}`,
                  whiteSpace: "pre-line",
                  fontStyle: "italic",
                }}
              >
                {content.quote}
              </Text>
            )}
            {content.action && actionUrl && (
              <Section style={{ padding: "12px 0 4px", textAlign: "center" }}>
                <Button
                  href={actionUrl}
                  style={{
                    backgroundColor: BRAND_DARK,
                    color: "#ffffff",
                    fontSize: 18,
                    fontWeight: 700,
                    borderRadius: 12,
                    padding: "16px 28px",
                    textDecoration: "none",
                    display: "inline-block",
                  }}
                >
                  {content.action.label}
                </Button>
                <Text className="kindly-muted" style={{ fontSize: 14, lineHeight: "22px", color: "#4b5563", margin: "16px 0 0" }}>
                  {t("email.layout.orOpen")}{" "}
                  <Link href={actionUrl} className="kindly-link" style={{ color: BRAND_DARK, wordBreak: "break-all" }}>
                    {actionUrl}
                  </Link>
                </Text>
              </Section>
            )}
            {content.footnotes.map((line, index) => (
              <Text key={index} className="kindly-muted" style={{ fontSize: 14, lineHeight: "22px", color: "#4b5563", margin: "16px 0 0" }}>
                {line}
              </Text>
            ))}
            <Hr style={{ borderColor: "#fecdd3", margin: "24px 0 16px" }} />
            <Text className="kindly-text" style={{ fontSize: 16, lineHeight: "24px", color: "#1f2937", margin: 0 }}>
              {content.signature}
            </Text>
          </Section>
          <Text
            className="kindly-muted"
            style={{ fontSize: 13, lineHeight: "20px", color: "#6b7280", textAlign: "center", margin: "16px 0 0" }}
          >
            {t("email.layout.footer")}
          </Text>
          {content.choices && content.choices.length > 0 && (
            <Text
              className="kindly-muted"
              style={{ fontSize: 13, lineHeight: "20px", color: "#6b7280", textAlign: "center", margin: "8px 0 0" }}
            >
              {content.choices.map((choice, index) => (
                <span key={choice.url}>
                  {index > 0 && " · "}
                  <Link href={choice.url} className="kindly-link" style={{ color: BRAND_DARK }}>
                    {choice.label}
                  </Link>
                </span>
              ))}
            </Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}

/** The HTML part of an email: react-email's render of Kindly's layout. */
export function emailHtml(content: EmailContent, actionUrl: string | null): Promise<string> {
  return render(<KindlyEmail content={content} actionUrl={actionUrl} />);
}
