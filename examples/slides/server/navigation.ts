import { FIRST_STAGE, LAST_STAGE, isStage, stageName, type Carousel } from './carousel.js';

/**
 * Moving between stages: a metadata change, instant, never waiting for anything else (seed §3.7.2). The page's
 * stage bar, the slash commands and the agent's navigation tools all come here.
 */
export function goToStage(carousel: Carousel, stage: number): string {
  if (!isStage(stage)) throw new Error(`There is no stage ${stage}: stages are ${FIRST_STAGE} to ${LAST_STAGE}.`);
  if (carousel.stage === stage) return `Already in stage ${stage} (${stageName(stage)}).`;
  carousel.stage = stage;
  return `Moved to stage ${stage} (${stageName(stage)}).`;
}

export function nextStage(carousel: Carousel): string {
  if (carousel.stage === LAST_STAGE) throw new Error(`Stage ${LAST_STAGE} (${stageName(LAST_STAGE)}) is the last stage.`);
  return goToStage(carousel, carousel.stage + 1);
}

export function previousStage(carousel: Carousel): string {
  if (carousel.stage === FIRST_STAGE) throw new Error(`Stage ${FIRST_STAGE} (${stageName(FIRST_STAGE)}) is the first stage.`);
  return goToStage(carousel, carousel.stage - 1);
}
