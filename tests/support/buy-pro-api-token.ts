/**
 * A Pro user's API token (`tm_…`), bought through the demo checkout (no Stripe configured)
 * as a browser would: a visitor's session, a 24-hour pass, then `GET /api/user-token`.
 */
export async function buyProApiToken(baseUrl: string, email: string): Promise<string> {
  const first = await fetch(`${baseUrl}/api/user`);
  let cookie = first.headers.getSetCookie()[0]!.split(';')[0]!;
  // Finishing the purchase replaces the session cookie, as a browser's would be.
  const post = async (url: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: baseUrl, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const renewed = response.headers.getSetCookie().find((line) => line.startsWith('tm_session='));
    if (renewed) cookie = renewed.split(';')[0]!;
    if (!response.ok) throw new Error(`POST ${url} answered ${response.status}`);
    return response;
  };
  const checkout = (await (
    await post('/api/create-checkout-session', { plan: 'pro_24hr' })
  ).json()) as { url: string };
  await post(`/api/demo-checkout/${new URL(checkout.url).pathname.split('/').pop()}/complete`, {
    email,
  });
  const issued = await fetch(`${baseUrl}/api/user-token`, { headers: { Cookie: cookie } });
  if (!issued.ok) throw new Error(`GET /api/user-token answered ${issued.status}`);
  return ((await issued.json()) as { token: string }).token;
}
