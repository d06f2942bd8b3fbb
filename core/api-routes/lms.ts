import { z } from 'zod';
import { badge, level, progress } from '../contracts/game.ts';
import {
  completeRequest,
  completion,
  courseDetail,
  courseParams,
  courseProgress,
  myCourses,
  positionRequest,
  progressQuery,
  savedPosition,
  sessionDetail,
  sessionParams,
} from '../contracts/lms.ts';
import type { RouteContract } from './contract.ts';

/** Courses, sessions, progress and gamification for learners: functions/lms/. */
export const LMS_ROUTES = {
  getProgress: { method: 'GET', path: '/lms/game/progress', auth: 'session', response: progress },
  getBadges: { method: 'GET', path: '/lms/game/badge', auth: 'session', response: z.array(badge) },
  getLevels: { method: 'GET', path: '/lms/game/level', auth: 'session', response: z.array(level) },
  // Course content and progress.
  getMyCourses: { method: 'GET', path: '/lms/courses/mine', auth: 'session', response: myCourses },
  getCourse: { method: 'GET', path: '/lms/course/:courseId', auth: 'course:read', enrolled: true, request: { param: courseParams }, response: courseDetail },
  getSession: {
    method: 'GET',
    path: '/lms/course/:courseId/session/:module/:session',
    auth: 'course:read',
    enrolled: true,
    request: { param: sessionParams },
    response: sessionDetail,
  },
  postSessionComplete: {
    method: 'POST',
    path: '/lms/course/:courseId/session/:module/:session/complete',
    auth: 'progress:write',
    enrolled: true,
    request: { param: sessionParams, json: completeRequest },
    response: completion,
  },
  putSessionPosition: {
    method: 'PUT',
    path: '/lms/course/:courseId/session/:module/:session/position',
    auth: 'progress:write',
    enrolled: true,
    request: { param: sessionParams, json: positionRequest },
    response: savedPosition,
  },
  // Visitors get `signedIn: false`, not a 401: learning-path pages ask for everyone.
  getCourseProgress: { method: 'GET', path: '/lms/courses/progress', request: { query: progressQuery }, response: courseProgress },
} as const satisfies Record<string, RouteContract>;
