/* on-another-core.h - force-included (-include) into a second build of every test here, which
 * tests/CMakeLists.txt runs on two cores as shadow/iss-2cores-cross/NAME: shadow_create and
 * shadow_create_n then put their siblings on another core (SHADOW_OTHER_CORE), so each program
 * checks that a shadow across cores computes what it does on one core. */
#ifndef KASANE_SHADOW_TEST_ON_ANOTHER_CORE_H
#define KASANE_SHADOW_TEST_ON_ANOTHER_CORE_H

#include <shadow.h>

#define shadow_create(s, policy, threshold) \
  shadow_create_on((s), SHADOW_OTHER_CORE, 1, (policy), (threshold))
#define shadow_create_n(s, count, policy, threshold) \
  shadow_create_on((s), SHADOW_OTHER_CORE, (count), (policy), (threshold))

#endif /* KASANE_SHADOW_TEST_ON_ANOTHER_CORE_H */
