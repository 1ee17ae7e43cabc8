import type { BoardItem, Discovery } from './discovery-types.js';

// Two discoveries to play with: a small one (the showcase cites its I-1) and a large one whose 60+ items pass the
// 50-item threshold, so the agent gets the board summarized.

const item = (id: string, column: BoardItem['column'], text: string, links: string[] = [], title?: string): BoardItem => ({
  id,
  column,
  text,
  links,
  ...(title ? { title } : {}),
});

export function emptyDiscovery(sessionId: string): Discovery {
  return { version: 1, title: 'Untitled discovery', goal: '', items: [], chat: { sessionId, turns: [], pending: [] } };
}

export function sampleDiscovery(sessionId: string): Discovery {
  return {
    ...emptyDiscovery(sessionId),
    title: 'Mid-market churn, Q3',
    goal: 'Find out why mid-market customers left in Q3 and what to do about it.',
    items: [
      item('I-1', 'input', 'Twelve interviews with churned mid-market accounts, July to September.', [], 'Customer interviews, Q3'),
      item('I-2', 'input', '4,200 support tickets from July to September, tagged by topic.', [], 'Support ticket export'),
      item('I-3', 'input', 'Monthly revenue and cancellations per segment, January to September.', [], 'Billing data'),
      item('F-1', 'fact', '8 of 12 churned customers named the June price increase as a reason to leave.', ['I-1']),
      item('F-2', 'fact', 'Onboarding tickets doubled after the new setup flow launched in July.', ['I-2']),
      item('F-3', 'fact', 'Mid-market cancellations were 3.1% a month in Q3, against 2.2% in Q2.', ['I-3']),
      item('N-1', 'insight', 'The June price increase pushed price-sensitive mid-market accounts out.', ['F-1', 'F-3']),
      item('N-2', 'insight', 'The new setup flow makes the first weeks harder, so fewer accounts reach value.', ['F-2']),
      item('R-1', 'recommendation', 'Offer mid-market accounts a discounted annual plan before renewal.', ['N-1']),
      item('R-2', 'recommendation', "Make the setup flow's extra steps optional and add a guided checklist.", ['N-2']),
      { ...item('O-1', 'output', 'Q3 churn brief for the leadership meeting.', ['R-1', 'R-2']), outputType: 'brief' },
    ],
  };
}

const REGIONS = ['North', 'South', 'East', 'West'];
const CHANNELS = ['web shop', 'flagship stores', 'partner outlets'];
const TOPICS = ['delivery times', 'returns', 'loyalty points', 'checkout', 'product range', 'pricing'];

/** 12 inputs, 24 facts, 14 insights, 10 recommendations and 4 outputs: 64 items, linked in a plausible web. */
export function largeDiscovery(sessionId: string): Discovery {
  const items: BoardItem[] = [];
  for (let i = 1; i <= 12; i++) {
    const region = REGIONS[i % 4]!;
    const channel = CHANNELS[i % 3]!;
    items.push(item(`I-${i}`, 'input', `Survey of ${200 + i * 15} ${region} customers about the ${channel}.`, [], `${region} survey, ${channel}`));
  }
  for (let i = 1; i <= 24; i++) {
    const topic = TOPICS[i % TOPICS.length]!;
    const share = 12 + ((i * 7) % 30);
    items.push(item(`F-${i}`, 'fact', `${share}% of respondents complained about ${topic} (${REGIONS[i % 4]} region).`, [`I-${((i - 1) % 12) + 1}`]));
  }
  for (let i = 1; i <= 14; i++) {
    const topic = TOPICS[i % TOPICS.length]!;
    items.push(item(`N-${i}`, 'insight', `Dissatisfaction with ${topic} is concentrated where ${CHANNELS[i % 3]} dominate.`, [`F-${i}`, `F-${i + 10}`]));
  }
  for (let i = 1; i <= 10; i++) {
    const topic = TOPICS[i % TOPICS.length]!;
    items.push(item(`R-${i}`, 'recommendation', `Pilot a fix for ${topic} in the ${REGIONS[i % 4]} region before a national roll-out.`, [`N-${i}`]));
  }
  const outputTypes = ['report', 'presentation', 'action_plan', 'brief'] as const;
  for (let i = 1; i <= 4; i++) {
    items.push({ ...item(`O-${i}`, 'output', `Retail experience ${outputTypes[i - 1]!.replace('_', ' ')} for the regional directors.`, [`R-${i}`, `R-${i + 4}`]), outputType: outputTypes[i - 1]! });
  }
  return {
    ...emptyDiscovery(sessionId),
    title: 'Retail customer experience, national survey',
    goal: 'Rank the retail pain points by region and channel, and decide which to fix first.',
    items,
  };
}
