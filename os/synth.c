/* The synthetic files: /proc, /sys and /dev, made up when read from what the kernel knows, as
 * far as glibc and common tools read them. namei.c puts the three over the disk's root as
 * mounts would (and, with no disk, under a root of their own). A node of the table below is an
 * inode of its file system (fs.h's DEV_*); /proc/PID and the files under it are one node each,
 * told apart by the inode's pid. Process facts come from procinfo.c.
 *
 *   /proc/self          -> PID of the caller           /proc/cpuinfo, /proc/meminfo, /proc/stat
 *   /proc/PID/exe       -> the program's path          /proc/PID/{maps,stat,cmdline}
 *   /sys/devices/system/cpu/{online,possible}: the machine's contexts ("0-3")
 *   /dev/null, /dev/zero, /dev/random, /dev/urandom (the seeded generator of getrandom)
 *
 * A file's contents are generated afresh for each read and the window the read asks for is kept
 * (a "sink"), so a reader that reads in small pieces sees one consistent text only if nothing
 * changed between its reads, as with Linux's seq_file. Nothing here can be changed (EACCES or
 * EPERM), but the devices take writes and throw them away. */
#include <stdarg.h>

#include "defs.h"
#include "errno.h"
#include "fs.h"
#include "param.h"
#include "procinfo.h"

#define DEVREADMAX (1u << 20) /* bytes one read of /dev/zero or /dev/urandom gives at most */
#define PIDPOS 0x10000u       /* getdents positions from here on are pids (of /proc) */

struct sink;
typedef void (*genfn)(struct sink* s, int pid);

enum {
  N_ROOT, N_PROC, N_SYS, N_DEV,
  N_SELF, N_CPUINFO, N_MEMINFO, N_STAT, N_MOUNTS, N_UPTIME, N_PID,
  N_EXE, N_MAPS, N_PIDSTAT, N_CMDLINE,
  N_DEVICES, N_SYSTEM, N_CPU, N_ONLINE, N_POSSIBLE,
  N_NULL, N_ZERO, N_RANDOM, N_URANDOM, NNODE
};

static void gen_cpuinfo(struct sink* s, int pid);
static void gen_meminfo(struct sink* s, int pid);
static void gen_stat(struct sink* s, int pid);
static void gen_mounts(struct sink* s, int pid);
static void gen_uptime(struct sink* s, int pid);
static void gen_maps(struct sink* s, int pid);
static void gen_pidstat(struct sink* s, int pid);
static void gen_cmdline(struct sink* s, int pid);
static void gen_cpus(struct sink* s, int pid);

#define DIR(perm) (EXT2_S_IFDIR | (perm))
#define REG(perm) (EXT2_S_IFREG | (perm))
#define CHR (EXT2_S_IFCHR | 0666)
#define LNK (EXT2_S_IFLNK | 0777)

static const struct node {
  const char* name; /* 0: /proc/PID, named by its pid */
  uint8_t parent;
  uint16_t mode;
  uint16_t rdev;    /* a device's number, major << 8 | minor */
  genfn gen;        /* a regular file's contents */
} nodes[NNODE] = {
    [N_ROOT] = {"", N_ROOT, DIR(0755), 0, 0},
    [N_PROC] = {"proc", N_ROOT, DIR(0555), 0, 0},
    [N_SYS] = {"sys", N_ROOT, DIR(0555), 0, 0},
    [N_DEV] = {"dev", N_ROOT, DIR(0755), 0, 0},
    [N_SELF] = {"self", N_PROC, LNK, 0, 0},
    [N_CPUINFO] = {"cpuinfo", N_PROC, REG(0444), 0, gen_cpuinfo},
    [N_MEMINFO] = {"meminfo", N_PROC, REG(0444), 0, gen_meminfo},
    [N_STAT] = {"stat", N_PROC, REG(0444), 0, gen_stat},
    [N_MOUNTS] = {"mounts", N_PROC, REG(0444), 0, gen_mounts},
    [N_UPTIME] = {"uptime", N_PROC, REG(0444), 0, gen_uptime},
    [N_PID] = {0, N_PROC, DIR(0555), 0, 0},
    [N_EXE] = {"exe", N_PID, LNK, 0, 0},
    [N_MAPS] = {"maps", N_PID, REG(0444), 0, gen_maps},
    [N_PIDSTAT] = {"stat", N_PID, REG(0444), 0, gen_pidstat},
    [N_CMDLINE] = {"cmdline", N_PID, REG(0444), 0, gen_cmdline},
    [N_DEVICES] = {"devices", N_SYS, DIR(0755), 0, 0},
    [N_SYSTEM] = {"system", N_DEVICES, DIR(0755), 0, 0},
    [N_CPU] = {"cpu", N_SYSTEM, DIR(0755), 0, 0},
    [N_ONLINE] = {"online", N_CPU, REG(0444), 0, gen_cpus},
    [N_POSSIBLE] = {"possible", N_CPU, REG(0444), 0, gen_cpus},
    [N_NULL] = {"null", N_DEV, CHR, 0x103, 0},
    [N_ZERO] = {"zero", N_DEV, CHR, 0x105, 0},
    [N_RANDOM] = {"random", N_DEV, CHR, 0x108, 0},
    [N_URANDOM] = {"urandom", N_DEV, CHR, 0x109, 0},
};

/* The file system node n is on. */
static uint32_t devof(uint32_t n) {
  while (nodes[n].parent != N_ROOT) n = nodes[n].parent;
  return n == N_PROC ? DEV_PROC : n == N_SYS ? DEV_SYS : n == N_DEV ? DEV_DEVFS : DEV_ROOTFS;
}

/* A reference to node n (of process pid, for /proc/PID and below). */
static struct inode* node(uint32_t n, int pid) { return iget(devof(n), n, pid); }

/* The synthetic file system called name (len bytes): "proc", "sys" or "dev", or "" for the root
 * that holds them when there is no disk. A reference to its root, or 0. */
struct inode* synth_mount(const char* name, uint32_t len) {
  for (uint32_t n = N_ROOT; n <= N_DEV; n++)
    if (strlen(nodes[n].name) == len && memcmp(nodes[n].name, name, len) == 0) return node(n, 0);
  return 0;
}

/* The inode number stat shows for synthetic inode ip. */
uint32_t synth_ino(struct inode* ip) { return 1 + ip->inum + NNODE * (uint32_t)ip->pid; }

/* Make up the inode of node ip->inum: its mode, links (a directory: 2 and one per
 * subdirectory), device number, times (now). */
void synth_fill(struct inode* ip) {
  const struct node* nd = &nodes[ip->inum];
  memset(&ip->d, 0, sizeof ip->d);
  ip->d.i_mode = nd->mode;
  ip->d.i_links_count = 1;
  if ((nd->mode & EXT2_S_IFMT) == EXT2_S_IFDIR) {
    ip->d.i_links_count = 2;
    for (uint32_t n = 1; n < NNODE; n++)
      if (nodes[n].parent == ip->inum && (nodes[n].mode & EXT2_S_IFMT) == EXT2_S_IFDIR)
        ip->d.i_links_count++;
  }
  ip->d.i_block[0] = nd->rdev;
  ip->d.i_atime = ip->d.i_mtime = ip->d.i_ctime = fs_now();
}

/* Look name (len bytes) up in synthetic directory dp: 0 with a reference in *ipp, or -ENOENT
 * (also for /proc/PID of a process that has gone). */
int synth_lookup(struct inode* dp, const char* name, uint32_t len, struct inode** ipp) {
  if (dp->inum == N_PID && !proc_exists(dp->pid)) return -ENOENT;
  for (uint32_t n = 1; n < NNODE; n++) {
    if (nodes[n].parent != dp->inum || nodes[n].name == 0) continue;
    if (strlen(nodes[n].name) == len && memcmp(nodes[n].name, name, len) == 0) {
      *ipp = node(n, nodes[n].parent == N_PID ? dp->pid : 0);
      return 0;
    }
  }
  if (dp->inum != N_PROC || len == 0 || len > 9 || name[0] == '0') return -ENOENT;
  int pid = 0;
  for (uint32_t i = 0; i < len; i++) {
    if (name[i] < '0' || name[i] > '9') return -ENOENT;
    pid = pid * 10 + (name[i] - '0');
  }
  if (!proc_exists(pid)) return -ENOENT;
  *ipp = node(N_PID, pid);
  return 0;
}

/* The parent directory of synthetic directory ip: 0 with a reference in *ipp. The parent of
 * /proc, /sys and /dev is the root. */
int synth_parent(struct inode* ip, struct inode** ipp) {
  uint32_t up = nodes[ip->inum].parent;
  *ipp = up == N_ROOT ? rootdir() : node(up, up == N_PID ? ip->pid : 0);
  return 0;
}

/* Print v in decimal into buf (at least 12 bytes): its length. */
static uint32_t decimal(char* buf, uint32_t v) {
  char t[12];
  uint32_t n = 0, len = 0;
  do t[n++] = (char)('0' + v % 10); while ((v /= 10) != 0);
  while (n) buf[len++] = t[--n];
  buf[len] = 0;
  return len;
}

/* The name of synthetic inode ip in its directory, in de (getcwd). 0. */
int synth_name(struct inode* ip, struct dirent_k* de) {
  const struct node* nd = &nodes[ip->inum];
  de->len = nd->name ? strlen(nd->name) : decimal(de->name, (uint32_t)ip->pid);
  if (nd->name) memmove(de->name, nd->name, de->len + 1);
  de->inum = synth_ino(ip);
  de->type = ftype(nd->mode);
  return 0;
}

/* The entry of synthetic directory dp at position *pos (0 ".", 1 "..", then 2 + the node
 * number of each child, then PIDPOS + pid for /proc's processes): 1 with it in *de and *pos
 * past it, or 0 at the end. */
int synth_next(struct inode* dp, uint64_t* pos, struct dirent_k* de) {
  if (*pos < 2) {
    de->len = (uint32_t)*pos + 1;
    memmove(de->name, "..", de->len);
    de->name[de->len] = 0;
    de->type = EXT2_FT_DIR;
    uint32_t up = nodes[dp->inum].parent;
    de->inum = *pos == 0 || dp->inum == N_ROOT ? synth_ino(dp)
               : up == N_ROOT && fs_mounted() ? EXT2_ROOT_INO
               : 1 + up + NNODE * (uint32_t)(up == N_PID ? dp->pid : 0);
    *pos += 1;
    return 1;
  }
  for (uint64_t n = *pos - 2; n < NNODE; n++) {
    if (nodes[n].parent != dp->inum || n == N_ROOT || nodes[n].name == 0) continue;
    struct inode tmp = {.inum = (uint32_t)n, .pid = nodes[n].parent == N_PID ? dp->pid : 0};
    synth_name(&tmp, de);
    *pos = n + 3;
    return 1;
  }
  if (dp->inum != N_PROC) return 0;
  int pid = proc_next(*pos > PIDPOS ? (int)(*pos - PIDPOS) : 1);
  if (pid == 0) {
    *pos = PIDPOS + 0x7fffffffu;
    return 0;
  }
  struct inode tmp = {.inum = N_PID, .pid = pid};
  synth_name(&tmp, de);
  *pos = PIDPOS + (uint64_t)pid + 1;
  return 1;
}

/* The target of synthetic link ip (/proc/self, /proc/PID/exe) into buf (size bytes, not
 * NUL-terminated): its length, or -ENOENT if the process has gone. */
int synth_readlink(struct inode* ip, char* buf, uint32_t size) {
  char t[PROCEXELEN];
  int len = ip->inum == N_SELF ? (int)decimal(t, (uint32_t)proc_self())
                               : proc_exe(ip->pid, t, sizeof t);
  if (len < 0) return -ENOENT;
  len = MIN((uint32_t)len, size);
  memmove(buf, t, (uint32_t)len);
  return len;
}

/* ---- Contents ------------------------------------------------------------------------------- */

/* Where generated text goes: only the bytes of the window [start, start + cap) are kept, in buf
 * (pos counts them all). */
struct sink {
  char* buf;
  uint32_t cap;
  uint64_t start, pos;
};

static void sinkc(void* arg, int c) {
  struct sink* s = arg;
  if (s->pos >= s->start && s->pos - s->start < s->cap) s->buf[s->pos - s->start] = (char)c;
  s->pos++;
}

static void sinkf(struct sink* s, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
static void sinkf(struct sink* s, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vformat(sinkc, s, fmt, ap);
  va_end(ap);
}

/* One processor block of /proc/cpuinfo per context, in the layout of Linux's MIPS one. */
static void gen_cpuinfo(struct sink* s, int pid) {
  (void)pid;
  struct machineinfo mi;
  machine_info(&mi);
  sinkf(s, "system type\t\t: Kasane\nmachine\t\t\t: Kasane SMT MIPS32 (%d cores of %d contexts)\n",
        mi.ncores, mi.ncontexts);
  for (int c = 0; c < mi.ncpus; c++) {
    sinkf(s, "processor\t\t: %d\ncpu model\t\t: Kasane MIPS32r2 V1.0\n", c);
    sinkf(s, "BogoMIPS\t\t: %u.00\nwait instruction\t: yes\n", mi.clock_khz / 1000);
    sinkf(s, "isa\t\t\t: mips1 mips2 mips32r1 mips32r2\nASEs implemented\t: mt\n");
    sinkf(s, "package\t\t\t: 0\ncore\t\t\t: %d\nVPE\t\t\t: %d\n\n", c / mi.ncontexts,
          c % mi.ncontexts);
  }
}

/* /proc/meminfo: RAM that kalloc manages, free, and the buffer cache. */
static void gen_meminfo(struct sink* s, int pid) {
  (void)pid;
  struct machineinfo mi;
  machine_info(&mi);
  uint32_t kb = PGSIZE / 1024;
  sinkf(s, "MemTotal:       %8u kB\nMemFree:        %8u kB\nMemAvailable:   %8u kB\n",
        mi.totalpages * kb, mi.freepages * kb, mi.freepages * kb);
  sinkf(s, "Buffers:        %8u kB\nCached:         %8u kB\nSwapCached:     %8u kB\n",
        mi.bufpages * kb, 0u, 0u);
  sinkf(s, "SwapTotal:      %8u kB\nSwapFree:       %8u kB\n", 0u, 0u);
}

/* /proc/stat: a line per CPU (the kernel keeps no per-CPU time split yet: zeros), the boot
 * time and the process counts. */
static void gen_stat(struct sink* s, int pid) {
  (void)pid;
  struct machineinfo mi;
  machine_info(&mi);
  sinkf(s, "cpu  0 0 0 0 0 0 0 0 0 0\n");
  for (int c = 0; c < mi.ncpus; c++) sinkf(s, "cpu%d 0 0 0 0 0 0 0 0 0 0\n", c);
  uint32_t boot = (uint32_t)((realtime_ns() - cycles() * 1000000 / mi.clock_khz) / 1000000000u);
  sinkf(s, "intr 0\nctxt 0\nbtime %u\nprocesses %d\nprocs_running %d\nprocs_blocked 0\n", boot,
        mi.lastpid, mi.running ? mi.running : 1);
}

/* /proc/mounts: the disk at /, if there is one, and the three synthetic file systems (what df
 * and mount read). */
static void gen_mounts(struct sink* s, int pid) {
  (void)pid;
  if (fs_mounted()) sinkf(s, "/dev/root / ext2 %s 0 0\n", fs_readonly() ? "ro" : "rw");
  sinkf(s, "proc /proc proc rw 0 0\nsysfs /sys sysfs rw 0 0\ndevtmpfs /dev devtmpfs rw 0 0\n");
}

/* /proc/uptime: seconds since boot, and the idle seconds, which the kernel does not count yet
 * (0). */
static void gen_uptime(struct sink* s, int pid) {
  (void)pid;
  struct machineinfo mi;
  machine_info(&mi);
  uint32_t cs = (uint32_t)(cycles() / (mi.clock_khz * 10u)); /* hundredths of a second */
  sinkf(s, "%u.%02u 0.00\n", cs / 100, cs % 100);
}

/* "0-N\n" for /sys/devices/system/cpu/online and possible: every context is a CPU. */
static void gen_cpus(struct sink* s, int pid) {
  (void)pid;
  struct machineinfo mi;
  machine_info(&mi);
  if (mi.ncpus > 1)
    sinkf(s, "0-%d\n", mi.ncpus - 1);
  else
    sinkf(s, "0\n");
}

/* What /proc/PID/maps writes: the sink, and the program's path for the image's lines. */
struct mapsink {
  struct sink* s;
  char exe[PROCEXELEN];
};

/* One line of /proc/PID/maps (from proc_maps), as Linux prints it for a 32-bit process: a name
 * starts at column 48. */
static void mapline(void* arg, const struct procmap* m) {
  static const char* const perms[] = {"r--p", "rw-p", "r-xp"};
  static const char* const names[] = {0, "[heap]", 0, "[stack]", "[simctl]"};
  struct mapsink* ms = arg;
  const char* name = m->kind == PROCMAP_IMAGE ? ms->exe : names[m->kind];
  sinkf(ms->s, "%08x-%08x %s 00000000 00:00 0 ", m->start, m->end, perms[m->perm]);
  if (name && *name) sinkf(ms->s, "       %s", name);
  sinkf(ms->s, "\n");
}

/* /proc/PID/maps. */
static void gen_maps(struct sink* s, int pid) {
  struct mapsink ms = {s, {0}};
  if (proc_exe(pid, ms.exe, sizeof ms.exe) >= 0) proc_maps(pid, mapline, &ms);
}

/* /proc/PID/stat: Linux's 52 fields, those the kernel has filled in (BusyBox ps reads up to the
 * resident set); times in clock ticks of 100 Hz (AT_CLKTCK). The kernel keeps no user and
 * system times per process yet: they are 0. */
static void gen_pidstat(struct sink* s, int pid) {
  struct procstat ps;
  struct machineinfo mi;
  if (proc_stat(pid, &ps) < 0) return;
  machine_info(&mi);
  uint32_t start = (uint32_t)(ps.start / (mi.clock_khz * 10u)); /* ticks since boot */
  sinkf(s, "%d (%s) %c %d %d %d 0 -1 4194304 0 0 0 0 0 0 0 0 20 0 %u 0 %u %u %u 4294967295 ",
        ps.pid, ps.comm, ps.state, ps.ppid, ps.pid, ps.pid, ps.threads, start, ps.vsize, ps.rss);
  sinkf(s, "4194304 %u %u 0 0 0 0 0 0 0 0 0 18 0 0 0 0 0 0 %u %u %u %u %u %u %u 0\n",
        ps.startbrk, 0x7fff0000u, ps.startbrk, ps.startbrk, ps.brk, ps.argstart, ps.argend,
        ps.argend, ps.argend);
}

/* /proc/PID/cmdline: its argument strings, each with its NUL, read from its memory as Linux
 * does (a program that rewrites them changes what ps shows). */
static void gen_cmdline(struct sink* s, int pid) {
  struct procstat ps;
  char buf[64];
  if (proc_stat(pid, &ps) < 0) return;
  for (uint32_t va = ps.argstart; va < ps.argend;) {
    int n = proc_readmem(pid, va, buf, MIN(sizeof buf, ps.argend - va));
    if (n <= 0) break;
    for (int i = 0; i < n; i++) sinkc(s, buf[i]);
    va += (uint32_t)n;
  }
}

/* Read up to n bytes of synthetic file ip from offset off to dst (user address in uvm, or a
 * kernel one if uvm is 0): a file's generated text, nothing from /dev/null, zeros from
 * /dev/zero, the seeded generator's bytes from /dev/random and /dev/urandom (at most
 * DEVREADMAX bytes a read, as Linux too gives a device's reads in pieces). The count, or
 * -EFAULT, -ENOMEM. */
int synth_read(struct inode* ip, struct vmspace* uvm, uint32_t dst, uint64_t off, uint32_t n) {
  uint32_t node = ip->inum;
  if (node == N_NULL) return 0;
  char* page = kalloc();
  if (page == 0) return -ENOMEM;
  uint32_t done = 0;
  if (node == N_ZERO || node == N_RANDOM || node == N_URANDOM) {
    n = MIN(n, DEVREADMAX);
    while (done < n) {
      uint32_t m = MIN(n - done, PGSIZE);
      if (node == N_ZERO)
        memset(page, 0, m);
      else
        random_bytes(page, m);
      if (copyto(uvm, dst + done, page, m) < 0) break;
      done += m;
    }
  } else if (nodes[node].gen) {
    while (done < n) {
      struct sink s = {page, MIN(n - done, PGSIZE), off + done, 0};
      nodes[node].gen(&s, ip->pid);
      uint32_t got = s.pos > s.start ? (uint32_t)MIN(s.pos - s.start, s.cap) : 0;
      if (got == 0) break; /* the end */
      if (copyto(uvm, dst + done, page, got) < 0) {
        kfree(page);
        return done ? (int)done : -EFAULT;
      }
      done += got;
      if (got < s.cap) break;
    }
  }
  kfree(page);
  return done || n == 0 || nodes[node].gen ? (int)done : -EFAULT;
}

/* Write n bytes to synthetic file ip: the devices take them all and keep none (writing to
 * /dev/random adds nothing to a seeded generator). Files open for writing were refused at open. */
int synth_write(struct inode* ip, struct vmspace* uvm, uint32_t src, uint32_t n) {
  (void)uvm, (void)src;
  return itype(ip) == EXT2_S_IFCHR ? (int)n : -EINVAL;
}
