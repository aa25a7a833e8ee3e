/** A mailbox made through the mail.tm surface, as any mail.tm client makes one. */
export async function createMailTmAccount(
  url: string,
  address: string,
): Promise<{ id: string; token: string }> {
  const headers = { 'Content-Type': 'application/json' };
  const body = JSON.stringify({ address, password: 'secret123' });
  const created = await fetch(`${url}/accounts`, { method: 'POST', headers, body });
  if (created.status !== 201) throw new Error(`POST /accounts answered ${created.status}`);
  const { id } = (await created.json()) as { id: string };
  const issued = await fetch(`${url}/token`, { method: 'POST', headers, body });
  const { token } = (await issued.json()) as { token: string };
  return { id, token };
}

/** The subjects in a mailbox (its first page, 30 messages), read with its token. */
export async function listSubjects(url: string, token: string): Promise<string[]> {
  const response = await fetch(`${url}/messages`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  if (response.status !== 200) throw new Error(`GET /messages answered ${response.status}`);
  return ((await response.json()) as { subject: string }[]).map((message) => message.subject);
}
