import type { RegistrationSetting } from '../../core/contracts/people.ts';
import type { RegistrationMode } from '../../core/registration-allowance.ts';
import type { Env } from '../env.ts';
import { registrationSettings, saveRegistrationMode } from '../data/auth/registrations.ts';
import type { StaffActor } from './staff-actor.ts';

/** Who may register on the site: anyone ('open') or only people staff create ('invitation'); registration (functions/auth/registration.ts) enforces it. */
export async function registrationSettingOf(env: Pick<Env, 'DB'>, siteId: string): Promise<RegistrationSetting> {
  return { mode: (await registrationSettings(env.DB, siteId))?.mode ?? 'open' };
}

export async function setRegistrationMode(env: Pick<Env, 'DB'>, actor: StaffActor, mode: RegistrationMode, now: number): Promise<RegistrationSetting> {
  await saveRegistrationMode(env.DB, { siteId: actor.siteId, actorId: actor.id, now }, mode);
  return registrationSettingOf(env, actor.siteId);
}
