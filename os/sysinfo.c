/* What a C library asks the kernel about itself and its process at start-up: the thread pointer
 * (set_thread_area), the system's name (uname), the resource limits (prlimit64, getrlimit),
 * random bytes (getrandom) and the memory and process counts (sysinfo). glibc's static start-up
 * makes these calls before main() and gives up on some of them when they fail; its thread id
 * calls (set_tid_address, gettid) are thread.c's. */
#include "defs.h"
#include "errno.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

/* set_thread_area(tp): tp becomes the thread pointer of the calling thread, the value of CP0
 * UserLocal that user code reads with `rdhwr $29` (HWREna allows it, trapinit). The kernel
 * thread keeps it across switches (trap() saves UserLocal on entry, the scheduler's run()
 * restores it on every switch to the thread), so each context keeps its own. 0. */
int32_t sys_set_thread_area(void) {
  uint32_t tp;
  argint(0, &tp);
  mykt()->userlocal = tp;
  c0_write(CP0_USERLOCAL, tp);
  return 0;
}

/* struct new_utsname of <linux/utsname.h>: six NUL-terminated strings. */
struct utsname {
  char sysname[65], nodename[65], release[65], version[65], machine[65], domainname[65];
};

/* uname(buf): the kernel's name. sysname is "Linux" because programs check it to decide
 * which system call interface they have, and this kernel gives them Linux's (as WSL does);
 * the release is one glibc 2.36 accepts. The version says, as Linux's says how it was built,
 * when every context is a CPU (os.smt_sched = context): then a bit of sched_setaffinity's mask
 * is a context, not a core. 0. */
int32_t sys_uname(void) {
  uint32_t ubuf;
  argaddr(0, &ubuf);
  struct utsname u;
  memset(&u, 0, sizeof u);
  safestrcpy(u.sysname, "Linux", sizeof u.sysname);
  safestrcpy(u.nodename, "kasane", sizeof u.nodename);
  safestrcpy(u.release, "6.1.0-kasane", sizeof u.release);
  safestrcpy(u.version, ctxmode ? "#1 Kasane xv6-like kernel smt=context"
                                 : "#1 Kasane xv6-like kernel", sizeof u.version);
  safestrcpy(u.machine, "mips", sizeof u.machine);
  safestrcpy(u.domainname, "(none)", sizeof u.domainname);
  return copyout(myproc()->vm, ubuf, &u, sizeof u) < 0 ? -EFAULT : 0;
}

#define RLIMIT_CORE 4 /* MIPS numbering: NOFILE is 5, not 7 */
#define RLIMIT_STACK 3
#define RLIMIT_NOFILE 5
#define RLIMIT_NPROC 8
#define RLIM_NLIMITS 16
#define RLIM64_INFINITY (~(uint64_t)0)
#define RLIM_INFINITY 0x7fffffffu /* o32's struct rlimit (MIPS: not ~0UL) */

struct rlimit64 {
  uint64_t cur, max;
};

/* The limit on resource: those the kernel enforces (the stack's 8 MiB growth, NOFILE
 * descriptors, NPROC processes), no core dumps, and no limit on the rest. */
static struct rlimit64 rlimit(uint32_t resource) {
  switch (resource) {
    case RLIMIT_STACK: return (struct rlimit64){USTACKMAX, RLIM64_INFINITY};
    case RLIMIT_NOFILE: return (struct rlimit64){NOFILE, NOFILE};
    case RLIMIT_NPROC: return (struct rlimit64){NPROC, NPROC};
    case RLIMIT_CORE: return (struct rlimit64){0, RLIM64_INFINITY};
    default: return (struct rlimit64){RLIM64_INFINITY, RLIM64_INFINITY};
  }
}

/* prlimit64(pid, resource, new, old): store the limit in *old unless NULL. The limits are fixed
 * (the kernel's sizes), so a new one is taken only if it changes nothing: -EPERM otherwise.
 * pid is 0 or the caller's (-ESRCH for another); -EINVAL for a bad resource. */
int32_t sys_prlimit64(void) {
  uint32_t pid, resource, unew, uold;
  argint(0, &pid), argint(1, &resource), argaddr(2, &unew), argaddr(3, &uold);
  struct proc* p = myproc();
  if (pid != 0 && (int32_t)pid != p->pid) return -ESRCH;
  if (resource >= RLIM_NLIMITS) return -EINVAL;
  struct rlimit64 cur = rlimit(resource), want;
  if (unew) {
    if (copyin(p->vm, &want, unew, sizeof want) < 0) return -EFAULT;
    if (want.cur > want.max) return -EINVAL;
    if (want.cur != cur.cur || want.max != cur.max) return -EPERM;
  }
  if (uold && copyout(p->vm, uold, &cur, sizeof cur) < 0) return -EFAULT;
  return 0;
}

/* getrlimit(resource, rlim): prlimit64's limit as o32's struct rlimit of two longs, with
 * RLIM_INFINITY for what does not fit. */
int32_t sys_getrlimit(void) {
  uint32_t resource, urlim;
  argint(0, &resource), argaddr(1, &urlim);
  if (resource >= RLIM_NLIMITS) return -EINVAL;
  struct rlimit64 l = rlimit(resource);
  uint32_t r[2] = {l.cur >= RLIM_INFINITY ? RLIM_INFINITY : (uint32_t)l.cur,
                   l.max >= RLIM_INFINITY ? RLIM_INFINITY : (uint32_t)l.max};
  return copyout(myproc()->vm, urlim, r, sizeof r) < 0 ? -EFAULT : 0;
}

#define GRND_NONBLOCK 1
#define GRND_RANDOM 2
#define GRND_INSECURE 4

/* The generator behind getrandom: splitmix64 from a fixed seed at boot. Runs must repeat
 * exactly, so it never sees anything of the host; the bytes are not secret, only well mixed
 * (glibc seeds malloc's tcache randomisation and hash tables with them). */
static uint64_t random_state = 0x6b6173616e652121ull; /* "kasane!!" */

static uint64_t random_next(void) {
  uint64_t z = (random_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* n bytes of the generator to buf (a kernel address): /dev/urandom's (synth.c). */
void random_bytes(void* buf, uint32_t n) {
  uint8_t* b = buf;
  for (uint32_t i = 0; i < n; i += 8) {
    uint64_t r = random_next();
    memmove(b + i, &r, MIN(8, n - i));
  }
}

/* getrandom(buf, len, flags): len bytes of the generator to buf; the count. The generator never
 * blocks, so the flags change nothing; -EINVAL for unknown ones or GRND_RANDOM with
 * GRND_INSECURE, as Linux. */
int32_t sys_getrandom(void) {
  uint32_t ubuf, len, flags;
  argaddr(0, &ubuf), argint(1, &len), argint(2, &flags);
  if ((flags & ~(uint32_t)(GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE)) ||
      (flags & (GRND_RANDOM | GRND_INSECURE)) == (GRND_RANDOM | GRND_INSECURE))
    return -EINVAL;
  if (len > INT32_MAX) len = INT32_MAX;
  struct vmspace* vm = myproc()->vm;
  if (!uvm_accessok(vm, ubuf, len, 1)) return -EFAULT;
  for (uint32_t done = 0; done < len;) {
    uint64_t chunk[8];
    for (int i = 0; i < 8; i++) chunk[i] = random_next();
    uint32_t n = MIN(len - done, (uint32_t)sizeof chunk);
    if (copyout(vm, ubuf + done, chunk, n) < 0) return -EFAULT;
    done += n;
  }
  return (int32_t)len;
}

/* struct sysinfo of <linux/sysinfo.h> for o32: 64 bytes. */
struct sysinfo32 {
  int32_t uptime;
  uint32_t loads[3];
  uint32_t totalram, freeram, sharedram, bufferram, totalswap, freeswap;
  uint16_t procs, pad;
  uint32_t totalhigh, freehigh, mem_unit;
  char reserved[8];
};

/* sysinfo(info): seconds since boot, the RAM the page allocator manages and how much of it is
 * free (bytes: mem_unit 1), and the process slots in use (zombies too, so a child nobody reaps
 * shows). No load averages, swap or high memory. A program that takes it before starting
 * children and again after reaping them all sees the same counts unless the kernel leaked. 0. */
int32_t sys_sysinfo(void) {
  uint32_t uinfo;
  argaddr(0, &uinfo);
  struct sysinfo32 si;
  memset(&si, 0, sizeof si);
  si.uptime = (int32_t)(cycles() / ((uint64_t)clock_khz * 1000));
  uint32_t total, nfree;
  kmemcount(&total, &nfree);
  si.totalram = total * PGSIZE;
  si.freeram = nfree * PGSIZE;
  for (struct proc* p = proc; p < &proc[NPROC]; p++)
    if (p->state != UNUSED) si.procs++;
  si.mem_unit = 1;
  if (copyout(myproc()->vm, uinfo, &si, sizeof si) < 0) return -EFAULT;
  return 0;
}
