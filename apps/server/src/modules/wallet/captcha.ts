/**
 * The captcha in front of the wallet proof (SPEC §7 check-captcha / uncompleted-captcha).
 *
 * A player whose proofs keep failing (a script trying stolen or forged proofs, or a wallet that
 * signs wrongly) gets a small arithmetic question, issued and checked on the server:
 *  - issued per player, stored server-side with its answer, valid for 10 minutes;
 *  - single use: one answer closes it, right or wrong; a wrong answer means a new question;
 *  - a right answer lets exactly one more proof through, for the wallet named with the answer.
 * It slows a blind script down and puts a person in the loop; it is not meant to stop a
 * determined human, which the proof's signature does.
 */
import { randomInt } from 'node:crypto';

export interface CaptchaChallenge {
  question: string;
  answer: string;
}

export type RandomInt = (min: number, maxExclusive: number) => number;

export function makeCaptcha(rand: RandomInt = randomInt): CaptchaChallenge {
  switch (rand(0, 3)) {
    case 0: {
      const a = rand(2, 50);
      const b = rand(2, 50);
      return { question: `What is ${a} + ${b}?`, answer: String(a + b) };
    }
    case 1: {
      const a = rand(10, 61);
      const b = rand(1, a);
      return { question: `What is ${a} − ${b}?`, answer: String(a - b) };
    }
    default: {
      const a = rand(2, 13);
      const b = rand(2, 13);
      return { question: `What is ${a} × ${b}?`, answer: String(a * b) };
    }
  }
}

/** Answers are whole numbers; spaces and a leading plus sign are forgiven. */
export function captchaAnswerMatches(expected: string, given: string): boolean {
  const text = given.trim().replace(/^\+/, '');
  return /^\d{1,6}$/.test(text) && Number(text) === Number(expected);
}
