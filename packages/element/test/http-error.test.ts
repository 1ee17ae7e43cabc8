import { expect } from '@open-wc/testing';
import { readHttpError } from '../src/transport/http-error.js';

describe('readHttpError', () => {
  it("keeps the server's code, message and field from the protocol's JSON", async () => {
    const body = { error: { code: 'invalid_request', message: 'text: text must not be empty', field: 'text' } };
    const error = await readHttpError(new Response(JSON.stringify(body), { status: 400 }));
    expect(error).to.deep.include({ status: 400, code: 'invalid_request', message: 'text: text must not be empty', field: 'text' });
  });

  it('says what it can of a response that is not JSON', async () => {
    const plain = await readHttpError(new Response('404 Not Found', { status: 404 }));
    expect(plain).to.deep.include({ status: 404, code: 'http_404', message: 'HTTP 404 Not Found' });

    const html = await readHttpError(
      new Response('<html><body><h1>Bad Gateway</h1></body></html>', {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'content-type': 'text/html' },
      }),
    );
    expect(html.message).to.equal('HTTP 502: Bad Gateway');
  });
});
