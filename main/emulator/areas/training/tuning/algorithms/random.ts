// Random search: each active parameter drawn from its own distribution (uniform in its range, or
// in the logarithm of its range for the log types; each integer or choice equally likely).
import { randomPoint, type CompiledSpace, type Params, type Random } from './space';

export const suggestRandom = (space: CompiledSpace, rng: Random): Params => randomPoint(space, rng);
