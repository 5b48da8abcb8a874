/* runtime/crt/crt0.S - process entry point (`__start`, the ELF entry) of every Kasane program.
 *
 * The kernel (Linux, qemu-mipsel or the Kasane kernel) starts us with $sp pointing at
 *     argc, argv[0..argc-1], NULL, envp[0..], NULL, auxv pairs..., AT_NULL
 * and no other register defined. We do only what C cannot: set $gp, give __start_c a
 * properly aligned o32 stack frame and the original $sp; the C side finds argv and envp. */
	.text
	.globl	__start
	.type	__start, @function
	.ent	__start
	.set	noreorder
__start:
	/* There is no caller: a zero return address and frame pointer end backtraces here. */
	move	$ra, $zero
	move	$fp, $zero
	/* Non-PIC o32 code reaches small data (.sdata/.sbss) relative to $gp; the linker defines
	   _gp and nobody else loads it. */
	la	$gp, _gp
	move	$a0, $sp
	/* The o32 ABI wants $sp 8-byte aligned and 16 bytes reserved by every caller, where the
	   callee may spill $a0-$a3. */
	li	$t0, -8
	and	$sp, $sp, $t0
	jal	__start_c
	addiu	$sp, $sp, -16		/* delay slot: executes before __start_c's first instruction */
	/* __start_c calls exit() and never returns; trap if it somehow does. */
	break
	.end	__start
	.size	__start, . - __start

	.section .note.GNU-stack, "", %progbits
