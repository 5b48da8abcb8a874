/* sysinfo32.h - the Linux o32 struct sysinfo, for the tests that read free memory and the
 * process count through the raw sysinfo call (the runtime's C library has no sysinfo()). */
#ifndef KASANE_OS_TEST_SYSINFO32_H
#define KASANE_OS_TEST_SYSINFO32_H

struct sysinfo32 {
  long uptime;
  unsigned long loads[3], totalram, freeram, sharedram, bufferram, totalswap, freeswap;
  unsigned short procs, pad;
  unsigned long totalhigh, freehigh, mem_unit;
  char reserved[8];
};

#endif /* KASANE_OS_TEST_SYSINFO32_H */
