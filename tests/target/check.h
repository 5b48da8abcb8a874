/* check.h - the self-check helpers shared by the target tests.
 *
 * Each CHECK_* prints the expression and the value it computed (so a differential run compares
 * real values, not just PASS), compares it with the expected value and counts failures;
 * check_done() prints PASS or the failure count and gives main its exit status. Header-only so
 * each test stays a single file. Never print addresses: they may differ between qemu and
 * kasane-sim. */
#ifndef KASANE_TEST_CHECK_H
#define KASANE_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

#define CHECK_UNUSED __attribute__((__unused__))

static int check_failures;

static CHECK_UNUSED void check_int(const char* what, long long got, long long want, int line) {
  if (got == want) {
    printf("%s = %lld\n", what, got);
  } else {
    printf("%s = %lld, expected %lld  FAIL (line %d)\n", what, got, want, line);
    check_failures++;
  }
}

static CHECK_UNUSED void check_hex(const char* what, unsigned long long got,
                                   unsigned long long want, int line) {
  if (got == want) {
    printf("%s = 0x%llx\n", what, got);
  } else {
    printf("%s = 0x%llx, expected 0x%llx  FAIL (line %d)\n", what, got, want, line);
    check_failures++;
  }
}

static CHECK_UNUSED void check_str(const char* what, const char* got, const char* want,
                                   int line) {
  if (strcmp(got, want) == 0) {
    printf("%s = \"%s\"\n", what, got);
  } else {
    printf("%s = \"%s\", expected \"%s\"  FAIL (line %d)\n", what, got, want, line);
    check_failures++;
  }
}

static CHECK_UNUSED void check_true(const char* what, int ok, int line) {
  printf("%s: %s", what, ok ? "ok\n" : "FAIL");
  if (!ok) {
    printf(" (line %d)\n", line);
    check_failures++;
  }
}

#define CHECK_INT(got, want) check_int(#got, (long long)(got), (long long)(want), __LINE__)
#define CHECK_HEX(got, want) \
  check_hex(#got, (unsigned long long)(got), (unsigned long long)(want), __LINE__)
#define CHECK_STR(got, want) check_str(#got, (got), (want), __LINE__)
#define CHECK(cond) check_true(#cond, (cond) != 0, __LINE__)

static CHECK_UNUSED int check_done(void) {
  if (check_failures)
    printf("FAILED: %d check(s)\n", check_failures);
  else
    printf("PASS\n");
  return check_failures ? 1 : 0;
}

#endif /* KASANE_TEST_CHECK_H */
