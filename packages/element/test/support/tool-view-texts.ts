// What the tool view scenarios say and send, shared by the server (tool-view-scenarios.ts) and the tests.
export const FORECAST = { temperature: 21, sky: 'sunny' };

export const WEATHER = {
  input: { city: 'Lisbon', days: 3, summary: 'Sunny spells with a light sea breeze in the afternoon.' },
  after: 'Sunny in Lisbon all week.',
};

export const CHOICE = {
  input: {
    question: 'Which plan?',
    options: [
      { value: 'basic', label: 'Basic' },
      { value: 'pro', label: 'Pro' },
    ],
  },
  after: (output: unknown) => `You chose ${JSON.stringify(output)}.`,
};
