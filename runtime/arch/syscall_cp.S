/* runtime/arch/syscall_cp.S - the system call of a cancellation point (src/thread/__syscall_cp.c).
 *
 * long __syscall_cp_asm(volatile int* cancel, long nr, long a, long b, long c)
 *
 * The call is made only if *cancel is 0 when looked at here, and the look and the `syscall` are
 * one range, [__cp_begin, __cp_end): a SIGPOKE whose frame's pc lies in it (src/thread/__poke.c)
 * has interrupted the thread after its last look and before the kernel took the call, so the
 * cancellation may be acted on at once, with nothing done. A pc at __cp_end or later means
 * the call was made (the kernel cut its wait short with EINTR, or it completed), which
 * __syscall_cp decides about. musl's __syscall_cp_asm, for o32: the result is -errno on failure. */
	.text
	.set	noreorder
	.globl	__syscall_cp_asm
	.globl	__cp_begin
	.globl	__cp_end
	.globl	__cp_cancel
	.type	__syscall_cp_asm, @function
__syscall_cp_asm:
__cp_begin:
	lw	$t0, 0($a0)		/* a cancellation pending? */
	bnez	$t0, __cp_cancel
	move	$v0, $a1		/* nr */
	move	$a0, $a2		/* arguments a, b, c (c is the caller's fifth: 16($sp)) */
	move	$a1, $a3
	lw	$a2, 16($sp)
	syscall
__cp_end:
	beqz	$a3, 1f
	nop
	subu	$v0, $zero, $v0		/* failed: -errno */
1:	jr	$ra
	nop
__cp_cancel:
	/* Tail call: __cancel never returns (pthread_exit with PTHREAD_CANCELED). */
	la	$t9, __cancel
	jr	$t9
	nop
	.size	__syscall_cp_asm, .-__syscall_cp_asm
