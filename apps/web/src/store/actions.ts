import { createAction } from '@reduxjs/toolkit';

/** Credentials are gone (sign-out, failed refresh, second 401): every player-bound slice resets. */
export const signedOut = createAction('session/signedOut');
