/* Process and machine facts for /proc (procinfo.c reads them; synth.c formats them). */
#ifndef KASANE_OS_PROCINFO_H
#define KASANE_OS_PROCINFO_H

#include <stdint.h>

struct procstat {
  int pid, ppid;
  char comm[16];
  char state;             /* R running or runnable, S sleeping, Z zombie */
  uint32_t threads;
  uint64_t start;         /* cycle it was made at */
  uint32_t vsize;         /* bytes of address space in use */
  uint32_t rss;           /* pages mapped */
  uint32_t startbrk, brk; /* the heap */
  uint32_t argstart, argend;
};

enum { PROCMAP_R, PROCMAP_RW, PROCMAP_RX };                  /* procmap.perm */
enum { PROCMAP_IMAGE, PROCMAP_HEAP, PROCMAP_ANON, PROCMAP_STACK, PROCMAP_SIMCTL }; /* .kind */

struct procmap {
  uint32_t start, end;
  int perm, kind;
};

struct machineinfo {
  int ncpus, ncores, ncontexts;
  uint32_t clock_khz;
  uint32_t totalpages, freepages, bufpages;
  int nprocs, running, lastpid;
};

int proc_self(void);
int proc_exists(int pid);
int proc_next(int from);
int proc_stat(int pid, struct procstat* ps);
int proc_readmem(int pid, uint32_t va, void* buf, uint32_t n);
int proc_exe(int pid, char* buf, uint32_t size);
int proc_maps(int pid, void (*out)(void*, const struct procmap*), void* arg);
void machine_info(struct machineinfo* mi);

#endif /* KASANE_OS_PROCINFO_H */
