import {
  passwordChangeOutcome,
  passwordChangeRequest,
  passwordForgotOutcome,
  passwordForgotRequest,
  passwordResetOutcome,
  passwordResetRequest,
} from '../contracts/password.ts';
import { registerConfirmOutcome, registerConfirmRequest, registerOutcome, registerRequest, registerResendRequest } from '../contracts/registration.ts';
import { emailConfirmOutcome, emailConfirmRequest } from '../contracts/email-change.ts';
import { role, roleParams } from '../contracts/role.ts';
import {
  botChallenge,
  federatedLoginOutcome,
  federatedLoginRequest,
  loginRequest,
  logoutAllOutcome,
  logoutOutcome,
  user,
  userUpdateRequest,
} from '../contracts/user.ts';
import type { RouteContract } from './contract.ts';

/**
 * Signing in and out (password, identity provider, bot check), the signed-in user, passwords and
 * registration, roles: functions/auth/.
 */
export const AUTH_ROUTES = {
  login: { method: 'POST', path: '/auth/login', request: { json: loginRequest }, response: user },
  federatedLogin: { method: 'POST', path: '/auth/federated/login', request: { json: federatedLoginRequest }, response: federatedLoginOutcome },
  logout: { method: 'POST', path: '/auth/logout', response: logoutOutcome },
  logoutAll: { method: 'POST', path: '/auth/logout-all', auth: 'session', response: logoutAllOutcome },
  getChallenge: { method: 'GET', path: '/auth/challenge', response: botChallenge },
  getUser: { method: 'GET', path: '/auth/user', auth: 'session', response: user },
  putUser: { method: 'PUT', path: '/auth/user', auth: 'profile:write', request: { json: userUpdateRequest }, response: user },
  // A new address's link (functions/auth/email-change.ts); its page posts the same without JavaScript.
  postEmailConfirm: { method: 'POST', path: '/auth/email/confirm', request: { json: emailConfirmRequest }, response: emailConfirmOutcome },
  // Forgotten and changed passwords (functions/auth/password-*.ts); the pages post the same rules without JavaScript.
  postPasswordForgot: { method: 'POST', path: '/auth/password/forgot', request: { json: passwordForgotRequest }, response: passwordForgotOutcome },
  postPasswordReset: { method: 'POST', path: '/auth/password/reset', request: { json: passwordResetRequest }, response: passwordResetOutcome },
  putPassword: { method: 'PUT', path: '/auth/password', auth: 'session', request: { json: passwordChangeRequest }, response: passwordChangeOutcome },
  // Registration (functions/auth/registration.ts); the pages post the same rules without JavaScript.
  postRegister: { method: 'POST', path: '/auth/register', request: { json: registerRequest }, response: registerOutcome },
  postRegisterConfirm: { method: 'POST', path: '/auth/register/confirm', request: { json: registerConfirmRequest }, response: registerConfirmOutcome },
  postRegisterResend: { method: 'POST', path: '/auth/register/resend', request: { json: registerResendRequest }, response: registerOutcome },
  getRole: { method: 'GET', path: '/role/:roleId', auth: 'session', request: { param: roleParams }, response: role },
} as const satisfies Record<string, RouteContract>;
