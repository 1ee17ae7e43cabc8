/** A short unique id with a prefix that says what it names (`t_` turn, `run_` run). Web Crypto: no node: import. */
export function newId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
}
