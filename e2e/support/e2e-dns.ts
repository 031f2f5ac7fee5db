/**
 * The port of the DNS server journeys run when they need names (an
 * employer's TXT record): the e2e server's DNS_SERVERS points here. Nothing
 * else the journeys reach is looked up (every peer is 127.0.0.1), so the
 * server not running at other times costs nothing.
 */
export const E2E_DNS_PORT = 53_535;
