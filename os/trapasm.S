/* Exception vectors and the trap entry and exit paths.
 *
 * kernel.ld places .text.vectors at EBase = 0x80000000: the TLB refill vector at +0x000 (a TLB
 * miss on a mapped address with Status.EXL = 0) and the general vector at +0x180 (everything else;
 * Cause.IV = 0, so interrupts too). Both run with EXL = 1 and may only use $k0 and $k1 until they
 * have saved the interrupted registers. */
#include "mips.h"
#include "param.h"
#include "proc.h"

  .set noreorder
  .set noat

  .section .text.vectors, "ax"

/* TLB refill: load the even/odd PTE pair that maps BadVAddr in the current page table straight
 * into EntryLo0/1 and write a random TLB entry (EntryHi already holds VPN2 and the ASID). A missing
 * page table loads an invalid pair, so the retried access takes TLBL/TLBS to the general vector
 * and trap() decides. Uses $k0 and $k1 only. */
  .org 0x000
  .globl tlb_refill
tlb_refill:
  mfc0 $k0, CP0_EBASE
  andi $k0, $k0, EBASE_CPUNUM
  sll $k0, $k0, 2
  lui $k1, %hi(cur_pgdir)
  addu $k1, $k1, $k0
  lw $k0, %lo(cur_pgdir)($k1)    /* page directory of the running process (kseg0), this CPU's */
  mfc0 $k1, CP0_BADVADDR
  srl $k1, $k1, PDXSHIFT
  sll $k1, $k1, 2
  addu $k0, $k0, $k1
  lw $k0, 0($k0)                 /* directory entry: kseg0 address of a page table, or 0 */
  mfc0 $k1, CP0_BADVADDR
  beqz $k0, 1f
  srl $k1, $k1, PGSHIFT - 2      /* (delay slot) byte offset of the PTE ... */
  andi $k1, $k1, (NPTENTRIES - 2) * 4 /* ... rounded down to the even entry of the pair */
  addu $k0, $k0, $k1
  lw $k1, 4($k0)
  lw $k0, 0($k0)
  mtc0 $k0, CP0_ENTRYLO0
  mtc0 $k1, CP0_ENTRYLO1
  ehb
  tlbwr
  eret
1:
  mtc0 $zero, CP0_ENTRYLO0
  mtc0 $zero, CP0_ENTRYLO1
  ehb
  tlbwr
  eret

/* General exception vector. */
  .org 0x180
  .globl general_vector
general_vector:
  j trap_entry
  nop

  .text

/* Save the interrupted context in a trapframe and call trap(tf). From user mode the trapframe is
 * the one of the kernel thread bound to this context (cpu_kstack[context], sched.c); from kernel
 * mode (interrupts in context 0's waits), a new one below the current $sp. Then leave exception
 * level (kernel mode, interrupts still off) so that the kernel runs as ordinary code, and take
 * the kernel's $gp. */
  .globl trap_entry
  .ent trap_entry
trap_entry:
  mfc0 $k0, CP0_STATUS
  andi $k0, $k0, ST_UM
  bnez $k0, 1f
  move $k1, $sp                  /* (delay slot) the interrupted $sp */
  b 2f
  addiu $sp, $sp, -TF_SIZE       /* (delay slot) from kernel mode: below the current stack */
1:
  mfc0 $k0, CP0_EBASE
  andi $k0, $k0, EBASE_CPUNUM
  sll $k0, $k0, 2
  lui $sp, %hi(cpu_kstack)
  addu $sp, $sp, $k0
  lw $sp, %lo(cpu_kstack)($sp)   /* this context's trapframe */
2:
  sw $k1, TF_SP($sp)
  .irp n, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, \
          21, 22, 23, 24, 25, 28, 30, 31
  sw $\n, TF_REG(\n)($sp)
  .endr
  mfhi $t0
  mflo $t1
  mfc0 $t2, CP0_EPC
  mfc0 $t3, CP0_STATUS
  mfc0 $t4, CP0_CAUSE
  mfc0 $t5, CP0_BADVADDR
  sw $t0, TF_HI($sp)
  sw $t1, TF_LO($sp)
  sw $t2, TF_EPC($sp)
  sw $t3, TF_STATUS($sp)
  sw $t4, TF_CAUSE($sp)
  sw $t5, TF_BADVADDR($sp)
  li $t0, ~(ST_KSU | ST_EXL | ST_IE)
  and $t3, $t3, $t0
  mtc0 $t3, CP0_STATUS
  ehb
  lui $gp, %hi(_gp)
  addiu $gp, $gp, %lo(_gp)
  move $a0, $sp
  jal trap
  addiu $sp, $sp, -16            /* (delay slot) o32 argument save area */
  addiu $sp, $sp, 16
  /* fall through to trapret */
  .end trap_entry

/* Return through the trapframe at $sp: restore every register and eret. Restoring the saved
 * Status sets EXL again, so the rest runs in kernel mode with interrupts off whatever its KSU. */
  .globl trapret
  .ent trapret
trapret:
  di
  ehb
  lw $t0, TF_STATUS($sp)
  lw $t1, TF_EPC($sp)
  lw $t2, TF_HI($sp)
  lw $t3, TF_LO($sp)
  mtc0 $t0, CP0_STATUS
  mtc0 $t1, CP0_EPC
  mthi $t2
  mtlo $t3
  ehb
  .irp n, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, \
          21, 22, 23, 24, 25, 28, 30, 31
  lw $\n, TF_REG(\n)($sp)
  .endr
  lw $sp, TF_SP($sp)
  eret
  .end trapret

/* usertrapret(tf): leave the kernel for the user context in *tf, which must be the trapframe
 * cpu_kstack names for this context (the next trap from user mode saves there). */
  .globl usertrapret
  .ent usertrapret
usertrapret:
  b trapret
  move $sp, $a0
  .end usertrapret
