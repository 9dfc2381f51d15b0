import { FIRST_ANSWERS_ELEMENT_ID, FIRST_ANSWERS_TTL_MS, type FirstAnswer, type FirstAnswers } from '@portal/contracts';

/**
 * The answers the server put in the page for its signed-in reader (decision 151): the API's answers to the requests
 * the screen asks first (`firstRequestsOf` in the contracts), read from the page's data block once, the first time
 * a request is sent. Each is taken once, by the request of its exact address, within FIRST_ANSWERS_TTL_MS of the
 * page's start; a change of session (a sign-in, a view as partner, a sign-out) drops them all.
 */
let answers: Map<string, FirstAnswer> | null = null;

function pageAnswers(): Map<string, FirstAnswer> {
  if (answers) return answers;
  answers = new Map();
  const element = document.getElementById(FIRST_ANSWERS_ELEMENT_ID);
  if (!element) return answers;
  element.remove();
  try {
    const parsed = JSON.parse(element.textContent ?? '') as FirstAnswers;
    for (const [url, answer] of Object.entries(parsed)) answers.set(url, answer);
  } catch {
    // A page whose block cannot be read: every request is sent, as without one.
  }
  return answers;
}

/** The page's answer to a GET of this address, as a Response, taken (a second request is sent); null when none. */
export function takeFirstAnswer(url: string): Response | null {
  const all = pageAnswers();
  if (all.size === 0) return null;
  if (performance.now() > FIRST_ANSWERS_TTL_MS) {
    all.clear();
    return null;
  }
  const answer = all.get(url);
  if (!answer) return null;
  all.delete(url);
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/** Drops the page's answers: they were the session's the page was loaded with. */
export function forgetFirstAnswers(): void {
  document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.remove();
  answers = null;
}
