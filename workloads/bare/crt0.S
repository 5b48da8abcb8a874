/* Start-up of bare-metal workloads. Every context starts here (core.smp_start = true) with $a0
 * pointing at the bootinfo. Each gets its own 16 KiB stack above _stacks (RAM is zero, so .bss
 * needs no clearing) and calls main(context, contexts); context 0 then ends the simulation with
 * main's return value, the others park in WAIT. */
#include <kasane/devices.h>
#include <kasane/platform.h>
    .set noreorder
    .section .text.start
    .globl _start
_start:
    rdhwr $s0, $0               /* this context's number */
    lw $s1, 12($a0)             /* bootinfo.contexts */
    la $gp, _gp
    la $sp, _stacks
    addiu $t0, $s0, 1
    sll $t0, $t0, 14
    addu $sp, $sp, $t0          /* top of this context's stack */
    move $a0, $s0
    jal main
    move $a1, $s1
    bnez $s0, park
    nop
    li $t0, 0xa0000000 + KASANE_SIMCTL_BASE
    sw $v0, KASANE_SIMCTL_EXIT($t0)
park:
    wait
    b park
    nop

/* kasane_thread_start: where TFORK starts a new context. $a0 points at a struct thread_start
 * {fn, arg}; the context gets the stack of its LTN, runs fn(arg) and ends with TEXIT. */
#include <kasane/kasane_isa.h>
    .text
    .globl kasane_thread_start
kasane_thread_start:
    tid $t0
    la $sp, _stacks
    sll $t0, $t0, 14
    addu $sp, $sp, $t0          /* top of stack LTN - 1, the same as RDHWR's numbering */
    lw $t9, 0($a0)
    jalr $t9
    lw $a0, 4($a0)
    texit
