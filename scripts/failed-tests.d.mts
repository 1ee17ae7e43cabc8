export function failedTests(root: string, vitestReport: unknown, browserReport: { failures?: string[] } | undefined): string[];
