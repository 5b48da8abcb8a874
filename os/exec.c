/* exec: load a static ELF32 MIPS executable into a new address space and give it the Linux o32
 * initial stack, so the same file runs here and under qemu-mipsel.
 *
 * The initial stack, from $sp up: argc, argv[0..argc-1], 0, envp[0..envc-1], 0, auxv pairs ending
 * with AT_NULL, then (up to USTACKTOP) the argument strings, the environment strings and the 16
 * AT_RANDOM bytes. $sp is 16-byte aligned. The whole block sits stack_offset bytes below USTACKTOP:
 * 0 unless kasane-sim was given a perturbation seed (include/kasane/bootinfo.h says why). */
#include <kasane/bootinfo.h>

#include "defs.h"
#include "elf.h"
#include "fs.h"
#include "mips.h"
#include "param.h"
#include "errno.h"
#include "file.h"
#include "proc.h"

#include <kasane/kasane_isa.h>

#define BRKLIMIT (USTACKTOP - USTACKMAX - USTACKGUARD) /* user image and heap end below this */
#define NAUXV 17                                       /* auxv pairs, AT_NULL included */

/* The boot image's program stays in memory: spawn can start it again by name. */
static const uint8_t* boot_program;
static uint32_t boot_program_size;
static const char* boot_argv0;
static uint32_t stack_offset; /* bootinfo's, checked by main: a multiple of 16, at most 1024 */

/* Errors exec_path() returns that the caller turns into errno values. */
const char EXEC_ENOENT[] = "no such file";
const char EXEC_EFAULT[] = "bad address";
const char EXEC_E2BIG[] = "arguments too long";
const char EXEC_ENOMEM[] = "out of memory";
const char EXEC_EACCES[] = "not an executable file";

/* The errno for what exec_path or sys_execve's load said: a message is -ENOEXEC. */
int exec_errno(const char* why) {
  return why == EXEC_ENOENT ? -ENOENT : why == EXEC_EFAULT ? -EFAULT : why == EXEC_E2BIG ? -E2BIG
       : why == EXEC_ENOMEM ? -ENOMEM : why == EXEC_EACCES ? -EACCES : -ENOEXEC;
}

/* The part of path after its last '/'. */
static const char* p_basename(const char* path) {
  const char* base = path;
  for (; *path; path++)
    if (*path == '/') base = path + 1;
  return base;
}

/* Where a program comes from: the boot image in memory, or a file. */
struct execsrc {
  const uint8_t* mem; /* the whole file, or 0 */
  struct inode* ip;   /* or this file */
  uint32_t size;
};

/* Read n bytes at offset off of the program file into kernel memory dst. 0, or -1. */
static int srcread(const struct execsrc* src, void* dst, uint32_t off, uint32_t n) {
  if (off > src->size || n > src->size - off) return -1;
  if (src->mem) {
    memcpy(dst, src->mem + off, n);
    return 0;
  }
  return readi(src->ip, 0, (uint32_t)dst, off, n) == (int)n ? 0 : -1;
}

/* Copy of program header i of the image. */
static struct proghdr phdr(const struct execsrc* img, const struct elfhdr* eh, uint32_t i) {
  struct proghdr ph;
  if (srcread(img, &ph, eh->phoff + i * sizeof ph, sizeof ph) < 0) memset(&ph, 0, sizeof ph);
  return ph;
}

/* Check that img[0..size) is an executable this kernel can run, filling *eh. Returns 0, or why
 * not. Every later step trusts what this checks. */
static const char* checkelf(const struct execsrc* img, struct elfhdr* eh) {
  uint32_t size = img->size;
  if (size < sizeof *eh || srcread(img, eh, 0, sizeof *eh) < 0)
    return "file too short for an ELF header";
  if (eh->magic != ELF_MAGIC) return "not an ELF file (bad magic)";
  if (eh->class != ELFCLASS32) return "not a 32-bit ELF file";
  if (eh->data != ELFDATA2LSB) return "not a little-endian ELF file";
  if (eh->type != ET_EXEC) return "not an executable (ELF type is not ET_EXEC)";
  if (eh->machine != EM_MIPS) return "not a MIPS executable";
  if (eh->phentsize != sizeof(struct proghdr)) return "bad program header size";
  if (eh->phnum == 0) return "no program headers";
  if (eh->phoff > size || eh->phnum * sizeof(struct proghdr) > size - eh->phoff)
    return "program headers outside the file";
  for (uint32_t i = 0; i < eh->phnum; i++) {
    struct proghdr ph = phdr(img, eh, i);
    if (ph.type == PT_INTERP) return "dynamically linked (has an interpreter); link it -static";
    if (ph.type != PT_LOAD) continue;
    if (ph.filesz > ph.memsz) return "segment file size exceeds its memory size";
    if (ph.offset > size || ph.filesz > size - ph.offset) return "segment outside the file";
    if (ph.vaddr < USERBASE || ph.vaddr >= BRKLIMIT || ph.memsz > BRKLIMIT - ph.vaddr)
      return "segment outside user memory";
  }
  return 0;
}

/* Map the PT_LOAD segment ph of img into vm: its bytes from the file, zeros up to memsz, writable
 * pages (D = 1) only if the segment is writable. A page shared with another segment keeps its
 * contents and becomes writable if either is. 0, or -1 if memory ran out. */
static int loadseg(struct vmspace* vm, const struct execsrc* img, const struct proghdr* ph) {
  uint32_t perm = (ph->flags & PF_W) ? PTE_D : 0;
  uint32_t fileend = ph->vaddr + ph->filesz;
  for (uint32_t va = PGROUNDDOWN(ph->vaddr); va < ph->vaddr + ph->memsz; va += PGSIZE) {
    char* k = uvm_page(vm, va, perm);
    if (k == 0) return -1;
    uint32_t lo = va > ph->vaddr ? va : ph->vaddr;
    uint32_t hi = MIN(va + PGSIZE, fileend);
    if (lo < hi && srcread(img, k + (lo - va), ph->offset + (lo - ph->vaddr), hi - lo) < 0)
      return -1;
  }
  return 0;
}

/* Address of the program headers in the loaded image (AT_PHDR); 0 if no segment holds them. */
static uint32_t phdraddr(const struct execsrc* img, const struct elfhdr* eh) {
  uint32_t end = eh->phoff + eh->phnum * sizeof(struct proghdr);
  for (uint32_t i = 0; i < eh->phnum; i++) {
    struct proghdr ph = phdr(img, eh, i);
    if (ph.type == PT_PHDR) return ph.vaddr;
    if (ph.type == PT_LOAD && ph.offset <= eh->phoff && end <= ph.offset + ph.filesz)
      return ph.vaddr + (eh->phoff - ph.offset);
  }
  return 0;
}

/* Copy n bytes from src to user address va of vm, in stack pages that setupstack has mapped. */
static void put(struct vmspace* vm, uint32_t va, const void* src, uint32_t n) {
  /* Not from user mode: setupstack mapped these pages (or failed first). */
  if (copyout(vm, va, src, n) < 0) panic("exec: initial stack at 0x%x not mapped", va);
}

/* Copy a packed block of count NUL-terminated strings (a boot-protocol argument or environment
 * block) to user address va, storing the address of each string at vec[0..count-1]. Returns the
 * address after the block. The block must hold count strings exactly (kasane-sim promises it). */
static uint32_t putstrings(struct vmspace* vm, uint32_t va, const char* blk, uint32_t size,
                           uint32_t count, uint32_t vec) {
  uint32_t off = 0;
  for (uint32_t i = 0; i < count; i++) {
    uint32_t len = strnlen(blk + off, size - off);
    /* Not from user mode: boot, before any program runs. */
    if (off + len >= size) panic("exec: boot block holds fewer than %u strings", count);
    uint32_t a = va + off;
    put(vm, vec + 4 * i, &a, 4);
    off += len + 1;
  }
  /* Not from user mode: boot, before any program runs. */
  if (off != size) panic("exec: boot block has %u bytes after its %u strings", size - off, count);
  put(vm, va, blk, size);
  return va + size;
}

/* Arguments and environment as packed NUL-terminated strings in kernel memory. */
struct execargs {
  uint32_t argc, args_size, envc, env_size;
  const char *args, *env;
};

/* Build the initial stack in vm for the program whose header is eh. Returns $sp, or 0 if memory
 * ran out. */
static uint32_t setupstack(struct vmspace* vm, const struct execargs* bi, const struct elfhdr* eh,
                           uint32_t phdr_va) {
  uint32_t nvec = 1 + bi->argc + 1 + bi->envc + 1 + 2 * NAUXV;
  uint32_t strings = USTACKTOP - 16 - stack_offset - bi->env_size - bi->args_size;
  uint32_t sp = (strings - 4 * nvec) & ~15u;
  if (uvm_alloc(vm, PGROUNDDOWN(sp) - USTACKEAGER, USTACKTOP, PTE_D) < 0) return 0;

  uint32_t argv = sp + 4, envp = argv + 4 * (bi->argc + 1), auxv = envp + 4 * (bi->envc + 1);
  uint32_t envstrings = putstrings(vm, strings, bi->args, bi->args_size, bi->argc, argv);
  uint32_t random = putstrings(vm, envstrings, bi->env, bi->env_size, bi->envc, envp);
  uint32_t rnd[4] = {0x6b61736bu, 0x616e6521u, 0x2a2a2a2au, 0x13579bdfu}; /* fixed: runs repeat */
  uint32_t aux[2 * NAUXV] = {
      AT_PHDR, phdr_va, AT_PHENT, sizeof(struct proghdr), AT_PHNUM, eh->phnum,
      AT_PAGESZ, PGSIZE, AT_BASE, 0, AT_FLAGS, 0, AT_ENTRY, eh->entry,
      AT_UID, 0, AT_EUID, 0, AT_GID, 0, AT_EGID, 0, AT_HWCAP, 0, AT_CLKTCK, 100,
      AT_SECURE, 0, AT_RANDOM, random, AT_EXECFN, bi->argc ? strings : 0, AT_NULL, 0};
  uint32_t argc = bi->argc, zero = 0;
  put(vm, random, rnd, sizeof rnd);
  put(vm, sp, &argc, 4);
  put(vm, argv + 4 * argc, &zero, 4);
  put(vm, envp + 4 * bi->envc, &zero, 4);
  put(vm, auxv, aux, sizeof aux);
  return sp;
}

/* Name p after the basename of its argv[0] (or of its path, with no arguments). */
static void setname(struct proc* p, const char* s) {
  const char* base = s;
  for (; *s; s++)
    if (*s == '/') base = s + 1;
  safestrcpy(p->name, base, sizeof p->name);
}

/* A loaded program: its address space, where its first thread starts, and where its argument
 * strings lie in its memory (/proc/PID/cmdline). */
struct image {
  struct vmspace* vm;
  uint32_t entry, sp;
  uint32_t argstart, argend;
};

/* Load the program img, started with args, into a new address space. Returns 0 with it in *im,
 * or why the program cannot run (nothing is changed then). */
static const char* load(const struct execsrc* img, const struct execargs* args,
                        struct image* im) {
  struct elfhdr eh;
  const char* why = checkelf(img, &eh);
  if (why) return why;
  if (args->args_size + args->env_size > ARGMAX) return "arguments and environment too long";

  /* Loading maps every page of every segment, bss included, zeroing each: a program whose
   * segments alone need more pages than are free would spend a long while zeroing before it ran
   * out. Refuse it at once instead. */
  uint32_t pages = 0;
  for (uint32_t i = 0; i < eh.phnum; i++) {
    struct proghdr ph = phdr(img, &eh, i);
    if (ph.type == PT_LOAD)
      pages += (PGROUNDUP(ph.vaddr + ph.memsz) - PGROUNDDOWN(ph.vaddr)) / PGSIZE;
  }
  if (pages > kfreepages()) return EXEC_ENOMEM;

  struct vmspace* vm = uvm_create();
  if (vm == 0) return EXEC_ENOMEM;
  uint32_t top = 0;
  for (uint32_t i = 0; i < eh.phnum; i++) {
    struct proghdr ph = phdr(img, &eh, i);
    if (ph.type != PT_LOAD) continue;
    if (loadseg(vm, img, &ph) < 0) goto oom;
    if (ph.vaddr + ph.memsz > top) top = ph.vaddr + ph.memsz;
  }
  vm->brkbase = vm->brk = PGROUNDUP(top);
  uint32_t sp = setupstack(vm, args, &eh, phdraddr(img, &eh));
  if (sp == 0) goto oom;
  uint32_t argend = USTACKTOP - 16 - stack_offset - args->env_size; /* where setupstack put them */
  *im = (struct image){vm, eh.entry, sp, argend - args->args_size, argend};
  return 0;

oom:
  uvm_put(vm);
  return EXEC_ENOMEM;
}

/* Give p the loaded program im, named after name and loaded from file exe (/proc/PID/exe), and
 * set kernel thread kt to enter it with a fresh register set, FPU state and TLS pointer. p's old
 * memory, if any, is let go. */
static void enter(struct proc* p, struct kthread* kt, const struct image* im, const char* name,
                  const char* exe) {
  struct vmspace* old = p->vm;
  p->vm = im->vm;
  if (old) uvm_put(old);
  setname(p, name);
  p->argstart = im->argstart;
  p->argend = im->argend;
  safestrcpy(p->exe, exe, sizeof p->exe);
  struct trapframe* tf = kt->tf;
  memset(tf, 0, sizeof *tf);
  tf->regs[REG_SP] = im->sp;
  tf->epc = im->entry;
  /* User mode after eret; CU0 = 0; CU1 = 0 until the first FP instruction, when fpu_enable
   * gives the thread the FPU with its (zeroed) FP state (fpu.c). */
  tf->status = ST_UM | ST_EXL | ST_IE | IM_KERNEL;
  kt->userlocal = 0;
  memset(&kt->fp, 0, sizeof kt->fp);
}

/* Load the boot image's program into p, with the boot arguments and environment. */
const char* exec_boot(struct proc* p, const struct kasane_bootinfo* bi) {
  struct execsrc img = {P2V(bi->program_pa), 0, bi->program_size};
  struct execargs args = {bi->argc, bi->args_size, bi->envc, bi->env_size, P2V(bi->args_pa),
                          P2V(bi->env_pa)};
  boot_program = img.mem;
  boot_program_size = img.size;
  boot_argv0 = bi->argc ? P2V(bi->args_pa) : "";
  stack_offset = bi->stack_offset;
  struct image im;
  const char* why = load(&img, &args, &im);
  if (why) return why;
  enter(p, &p->kt[0], &im, boot_argv0, boot_argv0);
  p->exe_boot = 1;
  return 0;
}

/* Load boot program prog, one of the --workload file's (the table of the bootinfo), into p.
 * Program 0 is exec_boot's. */
const char* exec_bootprog(struct proc* p, const struct kasane_bootprog* prog) {
  struct execsrc img = {P2V(prog->program_pa), 0, prog->program_size};
  struct execargs args = {prog->argc, prog->args_size, prog->envc, prog->env_size,
                          P2V(prog->args_pa), P2V(prog->env_pa)};
  const char* argv0 = prog->argc ? P2V(prog->args_pa) : "";
  struct image im;
  const char* why = load(&img, &args, &im);
  if (why) return why;
  enter(p, &p->kt[0], &im, argv0, argv0); /* a host file: /proc/PID/exe names it, no more */
  return 0;
}

/* Pack the NUL-terminated strings of the user vector uvec (in vm) at buf + *off, at most max
 * bytes in all. Returns how many, or -errno. */
static int packstrings(struct vmspace* vm, uint32_t uvec, char* buf, uint32_t* off,
                       uint32_t max) {
  int n = 0;
  for (; uvec; n++, uvec += 4) {
    uint32_t s;
    if (copyin(vm, &s, uvec, 4) < 0) return -EFAULT;
    if (s == 0) break;
    int len = copyinstr(vm, buf + *off, s, max - *off);
    if (len < 0) return len == -ENAMETOOLONG ? -E2BIG : len;
    *off += len + 1;
  }
  return n;
}

/* The argument and environment vectors argv and envp of address space `from`, packed into buf (a
 * page) as *args describes them. 0, or EXEC_EFAULT or EXEC_E2BIG. */
static const char* getargs(struct vmspace* from, uint32_t argv, uint32_t envp, char* buf,
                           struct execargs* args) {
  uint32_t off = 0;
  int argc = packstrings(from, argv, buf, &off, PGSIZE);
  args->args_size = off;
  int envc = argc < 0 ? 0 : packstrings(from, envp, buf, &off, PGSIZE);
  if (argc < 0 || envc < 0) return (argc == -E2BIG || envc == -E2BIG) ? EXEC_E2BIG : EXEC_EFAULT;
  args->argc = argc;
  args->envc = envc;
  args->env_size = off - args->args_size;
  args->args = buf;
  args->env = buf + args->args_size;
  return 0;
}

/* Give back what exec_open took. */
static void exec_close(struct execsrc* src) {
  if (src->ip) {
    iunlock(src->ip);
    iput(src->ip);
  }
  src->ip = 0;
}

/* The program file that path names, for exec by process p (0 for a new process with no program
 * yet): the one place exec looks a name up. The boot image's program first, if path is its
 * argv[0] or that one's basename, or /proc/self/exe of a process running it, so a program starts
 * itself whatever the disk holds (the system call fuzzer's workers make files of every name they
 * know, its own too); else the file the path walk finds from p's working directory, following
 * symbolic links, which must be a regular file with an execute bit. 0 with the source in *src
 * (exec_close gives it back) and the file's absolute path in exe (PROCEXELEN bytes), or
 * EXEC_ENOENT or EXEC_EACCES. */
static const char* exec_open(struct proc* p, const char* path, struct execsrc* src, char* exe) {
  *src = (struct execsrc){0, 0, 0};
  int self = p && p->exe_boot && strcmp(path, "/proc/self/exe") == 0;
  if (boot_program && (self || strcmp(path, boot_argv0) == 0 ||
                       strcmp(path, p_basename(boot_argv0)) == 0)) {
    src->mem = boot_program;
    src->size = boot_program_size;
    safestrcpy(exe, boot_argv0, PROCEXELEN);
    return 0;
  }
  if ((src->ip = namei(path, exe, PROCEXELEN)) == 0) return EXEC_ENOENT;
  ilock(src->ip); /* readi needs it, for the whole load */
  if (itype(src->ip) != EXT2_S_IFREG || (src->ip->d.i_mode & 0111) == 0) {
    exec_close(src);
    return EXEC_EACCES;
  }
  src->size = (uint32_t)isize(src->ip);
  return 0;
}

/* Load program `path` into the new process p, with the argument and environment vectors argv and
 * envp of the caller's address space `from`, and set its first thread (kt[0]) to enter it.
 * Returns 0, or why not: EXEC_ENOENT, EXEC_EACCES, EXEC_EFAULT, EXEC_E2BIG or a message. */
const char* exec_path(struct proc* p, const char* path, struct vmspace* from, uint32_t argv,
                      uint32_t envp) {
  char* buf = kalloc();
  if (buf == 0) return "out of memory";
  char exe[PROCEXELEN];
  struct execargs args;
  struct execsrc img;
  struct image im;
  const char* why = getargs(from, argv, envp, buf, &args);
  if (why == 0) why = exec_open(0, path, &img, exe);
  if (why == 0) {
    why = load(&img, &args, &im);
    p->exe_boot = img.mem != 0;
    exec_close(&img);
    if (why == 0) enter(p, &p->kt[0], &im, args.argc ? args.args : path, exe);
  }
  kfree(buf);
  return why;
}

/* How deep `#!` interpreters may nest (Linux's BINPRM_MAX_RECURSION: ELOOP past it). */
#define SCRIPTDEPTH 4
#define SCRIPTLINE 256 /* bytes of a `#!` line that count (Linux's BINPRM_BUF_SIZE) */

/* If src starts with "#!", the interpreter it names and its optional argument, NUL-terminated in
 * line (SCRIPTLINE + 1 bytes), as Linux splits them: the first word after "#!" and the rest of
 * the line with its ends' blanks cut. 1 if it is a script (*interp set, *arg 0 if none), 0 if
 * not, -ENOEXEC for a `#!` naming nothing. */
static int scriptline(const struct execsrc* src, char* line, char** interp, char** arg) {
  uint32_t n = src->size < SCRIPTLINE ? src->size : SCRIPTLINE;
  if (n < 2 || srcread(src, line, 0, n) < 0 || line[0] != '#' || line[1] != '!') return 0;
  line[n] = 0;
  for (uint32_t i = 0; i < n; i++)
    if (line[i] == '\n') line[i] = 0;
  char* s = line + 2;
  while (*s == ' ' || *s == '\t') s++;
  if (*s == 0) return -ENOEXEC;
  *interp = s;
  while (*s && *s != ' ' && *s != '\t') s++;
  *arg = 0;
  if (*s == 0) return 1;
  *s++ = 0;
  while (*s == ' ' || *s == '\t') s++;
  char* end = s + strlen(s);
  while (end > s && (end[-1] == ' ' || end[-1] == '\t')) *--end = 0;
  if (*s) *arg = s;
  return 1;
}

/* Rewrite args for a script run by interp (with arg, if not 0): argv becomes interp, arg, path,
 * then argv[1..], as Linux's binfmt_script does. 0, or -E2BIG if it no longer fits the page. */
static int scriptargs(struct execargs* args, const char* interp, const char* arg,
                      const char* path, char* buf) {
  uint32_t skip = args->argc ? strlen(args->args) + 1 : 0; /* the old argv[0] goes */
  const char* pre[3] = {interp, arg ? arg : path, arg ? path : 0};
  uint32_t npre = arg ? 3 : 2, plen = 0;
  for (uint32_t i = 0; i < npre; i++) plen += strlen(pre[i]) + 1;
  uint32_t rest = args->args_size - skip + args->env_size;
  if (plen + rest > PGSIZE) return -E2BIG;
  memmove(buf + plen, args->args + skip, rest);
  for (uint32_t i = 0, off = 0; i < npre; i++) {
    uint32_t len = strlen(pre[i]) + 1;
    memmove(buf + off, pre[i], len);
    off += len;
  }
  args->argc = args->argc - (args->argc ? 1 : 0) + npre;
  args->args_size = args->args_size - skip + plen;
  args->args = buf;
  args->env = buf + args->args_size;
  return 0;
}

/* Whether the calling thread kt is all there is of its process: no other kernel thread, clone
 * thread, parked call or live context, on no other core. exec replaces the memory every thread
 * runs in, and Linux ends the other threads first; this kernel does not do that yet. In context
 * mode the other contexts of the core run other processes: only a gang (ctxsched.c), which holds
 * the core, has contexts of its own to look at. */
static int alone(struct kthread* kt) {
  struct proc* p = kt->proc;
  if (p->nthreads != (kt->unbound ? 1 : 0)) return 0;
  if (!ctxmode || p->gang) {
    if (p->cores != 1u << coreid()) return 0;
    if (kasane_tstate() & ~(1u << ctxid())) return 0;
  }
  for (int n = 0; n < ncpus; n++)
    if (&p->kt[n] != kt && p->kt[n].state != KT_NONE) return 0;
  for (struct kthread* pk = parked; pk < &parked[NPARKED]; pk++)
    if (pk->state != KT_NONE && pk->proc == p) return 0;
  return 1;
}

/* What the process keeps and loses across an exec, as on Linux: close-on-exec descriptors close,
 * caught signals go back to their default action (ignored ones stay ignored), a runtime's
 * notification registration goes (its handler is gone); the mask, pending signals, pid, parent,
 * process group and open files stay. A vfork parent goes on. */
static void exec_reset(struct proc* p) {
  for (int fd = 0; fd < NOFILE; fd++) {
    if (!((p->cloexec >> fd) & 1) || p->ofile[fd] == 0) continue;
    fileclose(p->ofile[fd]);
    p->ofile[fd] = 0;
  }
  p->cloexec = 0;
  for (int sig = 1; sig < NSIG; sig++) {
    struct ksigaction* a = &p->sigact[sig];
    if (a->handler > 1) memset(a, 0, sizeof *a);
  }
  p->notify_on = 0;
  p->nevents = 0;
  p->execed = 1;
  vfork_release(p);
}

/* execve(path, argv, envp): replace the calling process's program with the ELF file path (or,
 * for a `#!` script, its interpreter with the script as argument), with argument and environment
 * vectors argv and envp. Returns only on failure: -ENOENT, -EFAULT, -E2BIG, -ENOEXEC (not a
 * program this kernel runs), -EACCES (not a regular file with an execute bit), -ENOMEM, -ELOOP
 * (interpreters nested too deep), -ENAMETOOLONG; and -EAGAIN from a process with other threads
 * (a limit of this kernel, see alone()). */
int32_t sys_execve(void) {
  struct kthread* kt = mykt();
  struct proc* p = kt->proc;
  uint32_t upath, argv, envp;
  argaddr(0, &upath), argint(1, &argv), argint(2, &envp);
  char* buf = kalloc();
  char* path = kalloc();
  char* work = kalloc(); /* the `#!` line and the program's absolute path */
  int r = 0;
  if (buf == 0 || path == 0 || work == 0) {
    r = -ENOMEM;
    goto out;
  }
  char* line = work;
  char* exe = work + SCRIPTLINE + 1;
  if ((r = copyinstr(p->vm, path, upath, PATH_MAX)) < 0) goto out;
  r = 0;
  if (!alone(kt)) { /* first, too: so that one exec per process builds an address space */
    r = -EAGAIN;
    goto out;
  }
  struct execargs args;
  const char* why = getargs(p->vm, argv, envp, buf, &args);
  struct execsrc img = {0, 0, 0};
  struct image im;
  for (int depth = 0; why == 0; depth++) {
    if ((why = exec_open(p, path, &img, exe)) != 0) break;
    char *interp, *arg;
    int script = scriptline(&img, line, &interp, &arg);
    if (script <= 0) {
      why = script < 0 ? "empty #! line" : load(&img, &args, &im);
      break;
    }
    exec_close(&img);
    if (depth == SCRIPTDEPTH) {
      r = -ELOOP;
      goto out;
    }
    /* The new arguments go to the spare page, then back: buf stays the one argument page. */
    char* spare = kalloc();
    if (spare == 0 || scriptargs(&args, interp, arg, path, spare) < 0) {
      r = spare ? -E2BIG : -ENOMEM;
      if (spare) kfree(spare);
      goto out;
    }
    memmove(buf, spare, args.args_size + args.env_size);
    kfree(spare);
    args.args = buf;
    args.env = buf + args.args_size;
    safestrcpy(path, interp, PATH_MAX); /* interp lies in line, which the next round rereads */
  }
  int boot = img.mem != 0;
  exec_close(&img);
  if (why) {
    r = exec_errno(why);
    goto out;
  }
  if (!alone(kt)) { /* the load slept (disk reads): look again */
    uvm_put(im.vm);
    r = -EAGAIN;
    goto out;
  }
  /* The point of no return: the old memory goes and this context runs the new program. */
  p->exe_boot = boot;
  enter(p, kt, &im, args.argc ? args.args : path, exe);
  kt->tid = p->pid; /* the thread that exec'd leads the process now, as on Linux */
  kt->tf_restored = 1; /* every register is the new program's: syscall() leaves $v0/$a3 alone */
  kt->cleartid = 0;
  p->vm->cores |= 1u << (ctxmode ? cpuid() : coreid()); /* a CPU's bit in context mode */
  switchuvm(p->vm->pgdir);
  c0_write(CP0_ENTRYHI, p->vm->asid);
  cpus[cpuid()].monitor_lost = 1; /* the old image's MONITOR must not outlive it (trap.c) */
  exec_reset(p);
out:
  if (buf) kfree(buf);
  if (path) kfree(path);
  if (work) kfree(work);
  return r;
}
