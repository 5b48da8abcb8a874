/* procfs - what a glibc program and common tools read from /proc, /sys and /dev, printed so that
 * tests/host/test_ext2_kernel.py can hold it against the machine it ran on (the host's qemu
 * would show the host's). Each line is "what: value"; exit status 0 unless a read failed.
 *
 *   procfs [ANY ARGUMENTS, echoed from /proc/self/cmdline] */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/sysinfo.h>
#include <unistd.h>

static char buf[65536];

/* The whole of a file into buf: its length, or -1. */
static int slurp(const char* path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0) return -1;
  int n = 0, r;
  while ((r = read(fd, buf + n, sizeof buf - 1 - n)) > 0) n += r; /* small reads: the whole text */
  close(fd);
  buf[n] = 0;
  return r < 0 ? -1 : n;
}

static int lines_starting(const char* text, const char* prefix) {
  int n = 0;
  for (const char* p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : 0)
    if (strncmp(p, prefix, strlen(prefix)) == 0) n++;
  return n;
}

int main(int argc, char** argv) {
  printf("sysconf online: %ld\n", sysconf(_SC_NPROCESSORS_ONLN));
  printf("sysconf configured: %ld\n", sysconf(_SC_NPROCESSORS_CONF));
  printf("get_nprocs: %d\n", get_nprocs());
  if (slurp("/sys/devices/system/cpu/online") < 0) return 1;
  printf("online: %s", buf);
  if (slurp("/proc/cpuinfo") < 0) return 1;
  printf("cpuinfo processors: %d\n", lines_starting(buf, "processor"));
  if (slurp("/proc/stat") < 0) return 1;
  printf("stat cpu lines: %d\n", lines_starting(buf, "cpu") - 1);
  if (slurp("/proc/meminfo") < 0) return 1;
  unsigned long total = 0, avail = 0;
  char* t = strstr(buf, "MemTotal:");
  char* f = strstr(buf, "MemFree:");
  if (!t || !f || sscanf(t, "MemTotal: %lu", &total) != 1 || sscanf(f, "MemFree: %lu", &avail) != 1)
    return 1;
  printf("meminfo: total > 0 %d, free <= total %d\n", total > 0, avail <= total);
  if (slurp("/proc/mounts") < 0) return 1;
  printf("mounts first: %.*s\n", (int)strcspn(buf, "\n"), buf);

  /* this process */
  char path[64];
  if (slurp("/proc/self/stat") < 0) return 1;
  int pid = 0, ppid = -1;
  char comm[32], state;
  if (sscanf(buf, "%d (%31[^)]) %c %d", &pid, comm, &state, &ppid) != 4) return 1;
  printf("stat: pid is getpid %d, comm %s, state %c, ppid %d\n", pid == getpid(), comm, state, ppid);
  int n = slurp("/proc/self/cmdline");
  int same = n > 0;
  for (int i = 0, at = 0; same && i < argc; at += strlen(argv[i]) + 1, i++)
    same = at < n && strcmp(buf + at, argv[i]) == 0;
  printf("cmdline is argv: %d (%d bytes)\n", same, n);
  ssize_t len = readlink("/proc/self/exe", path, sizeof path - 1);
  path[len > 0 ? len : 0] = 0;
  printf("exe: absolute %d, ends with the program's name %d\n", path[0] == '/',
         len > 0 && strstr(path, "procfs") != NULL);
  if (slurp("/proc/self/maps") < 0) return 1;
  int local = 0;
  char here[32], code[32];
  snprintf(here, sizeof here, "%08lx", (unsigned long)&local & ~0xfffUL);
  snprintf(code, sizeof code, "%08lx", (unsigned long)main);
  int stack = 0, text = 0;
  for (char* p = buf; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : 0) {
    unsigned long lo, hi;
    if (sscanf(p, "%lx-%lx", &lo, &hi) != 2) return 1;
    if ((unsigned long)&local >= lo && (unsigned long)&local < hi && strstr(p, "[stack]") < strchr(p, '\n'))
      stack = strstr(p, "[stack]") != NULL;
    if ((unsigned long)main >= lo && (unsigned long)main < hi) text = p[18] == 'r' && p[20] == 'x';
  }
  printf("maps: the stack holds a local %d, the text holds main %d, heap listed %d\n", stack, text,
         strstr(buf, "[heap]") != NULL);
  snprintf(path, sizeof path, "/proc/%d", getpid());
  struct stat st, lst;
  printf("/proc/PID is a directory %d, /proc/self a link %d\n",
         stat(path, &st) == 0 && S_ISDIR(st.st_mode),
         lstat("/proc/self", &lst) == 0 && S_ISLNK(lst.st_mode));
  DIR* d = opendir("/proc");
  int self = 0, mine = 0, entries = 0;
  struct dirent* e;
  while (d && (e = readdir(d)) != NULL) {
    entries++;
    self |= strcmp(e->d_name, "self") == 0;
    mine |= atoi(e->d_name) == getpid();
  }
  if (d) closedir(d);
  printf("/proc lists self %d and this pid %d\n", self, mine);
  printf("/proc/1/stat readable %d, /proc/99999 %s\n", access("/proc/1/stat", R_OK) == 0,
         access("/proc/99999", F_OK) == 0 ? "exists" : strerror(errno));

  /* devices */
  unsigned char r[8], g[8];
  int fd = open("/dev/urandom", O_RDONLY);
  if (fd < 0 || read(fd, r, sizeof r) != sizeof r || getrandom(g, sizeof g, 0) != sizeof g) return 1;
  close(fd);
  printf("urandom:");
  for (int i = 0; i < 8; i++) printf(" %02x", r[i]);
  printf("\ngetrandom:");
  for (int i = 0; i < 8; i++) printf(" %02x", g[i]);
  printf("\n/dev/tty: %s\n", open("/dev/tty", O_RDWR) < 0 ? strerror(errno) : "opened");
  printf("write to /proc/meminfo: %s\n",
         open("/proc/meminfo", O_WRONLY) < 0 ? strerror(errno) : "opened");
  printf("mkdir in /proc: %s\n", mkdir("/proc/x", 0755) < 0 ? strerror(errno) : "made");
  printf("rmdir /proc: %s\n", rmdir("/proc") < 0 ? strerror(errno) : "removed");
  return 0;
}
