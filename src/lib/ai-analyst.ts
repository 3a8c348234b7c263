// The AI Analyst screen's fixed texts and limits (docs/console.md#messages), free of any framework.

export const AI_SUMMARY_FAILED = 'Failed to get AI summary.';
/** The server refuses longer questions with a 400. */
export const QUESTION_MAX_LENGTH = 1000;
export const EXAMPLE_QUESTIONS = [
  'How many payments failed last week?',
  'How much did we collect this month?',
  'Top 5 customers by amount',
  'Breakdown by status',
  'Success rate last month',
  'Revenue this week compared with last week',
];
