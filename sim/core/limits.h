// Limits of the simulated machine that both the models and the platform need, defined once: the
// config schema checks against them and the platform header passes them to the OS and runtime
// (KASANE_MAX_CONTEXTS in <kasane/platform.h>).
#pragma once

namespace kasane {

// Hardware contexts in the whole machine (platform.cores * core.contexts), at most, so also in one
// core. The pipelines keep a set of contexts as the bits of a 32-bit word (active_set.h) and
// per-context orders in fixed arrays of this size.
inline constexpr unsigned kMaxContexts = 16;
static_assert(kMaxContexts <= 32, "a set of contexts is a 32-bit word");

}  // namespace kasane
