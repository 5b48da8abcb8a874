/* procexec - what /proc says of a forked and of an exec'd process, read by the process itself and
 * by its parent, printed so that tests/host/test_ext2_kernel.py can hold it against what Linux
 * says. The disk holds this program as bin/procexec and a link bin/pe -> procexec.
 *
 *   procexec            the parent: a forked child reports, then a child that execs ./pe from
 *                       /bin with the arguments "pe" "exec'd" "x y", which reports and waits on
 *                       its stdin (a pipe) while the parent reads its /proc/PID/{exe,cmdline,stat}
 *   procexec exec'd ... the exec'd child */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char buf[4096];

/* The whole of file path into buf: its length, or -1. */
static int slurp(const char* path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0) return -1;
  int n = 0, r;
  while ((r = read(fd, buf + n, sizeof buf - 1 - n)) > 0) n += r;
  close(fd);
  buf[n] = 0;
  return r < 0 ? -1 : n;
}

/* Print /proc/PID/{exe,cmdline,stat} of process pid, as "as" sees them, and whether its stat
 * names the pid and the parent ppid. */
static void report(const char* as, int pid, int ppid) {
  char path[64], exe[256];
  snprintf(path, sizeof path, "/proc/%d/exe", pid);
  ssize_t len = readlink(path, exe, sizeof exe - 1);
  exe[len > 0 ? len : 0] = 0;
  printf("%s: exe %s\n", as, exe);
  snprintf(path, sizeof path, "/proc/%d/cmdline", pid);
  int n = slurp(path);
  printf("%s: cmdline", as);
  for (int at = 0; at < n; at += strlen(buf + at) + 1) printf(" [%s]", buf + at);
  printf("\n");
  snprintf(path, sizeof path, "/proc/%d/stat", pid);
  int spid = 0, sppid = -1;
  char comm[32] = "";
  if (slurp(path) < 0 || sscanf(buf, "%d (%31[^)]) %*c %d", &spid, comm, &sppid) != 3)
    printf("%s: stat unreadable\n", as);
  else
    printf("%s: stat comm %s, its pid %d, its parent %d\n", as, comm, spid == pid,
           sppid == ppid);
  fflush(stdout);
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "exec'd") == 0) {
    report("exec'd, itself", getpid(), getppid());
    char c;
    return read(0, &c, 1) == 0 ? 0 : 1; /* until the parent has looked and closed the pipe */
  }
  char self[256];
  ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  self[len > 0 ? len : 0] = 0;
  int n = slurp("/proc/self/cmdline");
  char cmdline[256];
  memcpy(cmdline, buf, n > 0 ? n : 0);

  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    char exe[256];
    len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[len > 0 ? len : 0] = 0;
    int m = slurp("/proc/self/cmdline");
    printf("forked: exe is the parent's %d, cmdline is the parent's %d\n", strcmp(exe, self) == 0,
           m == n && memcmp(buf, cmdline, n) == 0);
    report("forked, itself", getpid(), getppid());
    _exit(0);
  }
  int st;
  if (pid < 0 || waitpid(pid, &st, 0) != pid || st != 0) return 1;

  int p[2];
  if (pipe(p) < 0) return 1;
  fflush(stdout);
  pid = fork();
  if (pid == 0) {
    dup2(p[0], 0);
    close(p[0]);
    close(p[1]);
    if (chdir("/bin") < 0) _exit(2);
    execl("./pe", "pe", "exec'd", "x y", (char*)0);
    _exit(3);
  }
  close(p[0]);
  /* The child's own report comes first: it is on the pipe-waiting side once its line is out. */
  for (int tries = 0; tries < 1000; tries++) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/cmdline", pid);
    if (slurp(path) > 0 && strcmp(buf, "pe") == 0) break;
    usleep(1000);
  }
  usleep(20000);
  report("exec'd, by its parent", pid, getpid());
  close(p[1]);
  if (waitpid(pid, &st, 0) != pid) return 1;
  printf("exec'd: exit status %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
  return 0;
}
