/*
 * weft-landlock-exec: runs one command confined the way Codex 0.98 confined commands on Linux, for
 * weft's `codex-0.98` profile. No tool in Debian or on npm applies a Landlock ruleset and then execs,
 * so weft builds this small helper at install time (scripts/build-landlock-helper.mjs).
 *
 *   weft-landlock-exec [--writable DIR]... [--no-network] [--no-landlock] -- COMMAND [ARGS...]
 *
 * What it sets up, in this order, then execvp()s COMMAND (the rules are inherited and cannot be
 * lifted by the command or anything it starts):
 *   1. no_new_privs, which both Landlock and an unprivileged seccomp filter require, and which stops a
 *      setuid program from gaining rights the sandbox withheld.
 *   2. Every capability dropped (effective, permitted, inheritable, ambient, and the bounding set when
 *      it may be changed), so a command run by root cannot mount, enter other namespaces, create
 *      device nodes or read past file modes; with no_new_privs, exec gives none back.
 *   3. With --no-network: a seccomp filter that makes the network system calls fail with EPERM. No
 *      socket can be created, of any family, Unix sockets included (a socket on the file system, such
 *      as docker.sock or an ssh agent, is a way out); only socketpair(AF_UNIX) of the stream and
 *      seqpacket kinds passes, whose two ends are private to the sandbox and take no address.
 *   4. Landlock (unless --no-landlock, for bubblewrap, which confines the file system itself): the
 *      whole file system readable and executable, every kind of write refused (EACCES) except on
 *      /dev/null and beneath each --writable directory, where no device node may be created.
 *
 * Exit status: the command's own, or 125 when the sandbox cannot be set up (the reason on stderr),
 * 126/127 when the command cannot be run (as a shell reports it).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Older kernel headers lack the newest rights and system call numbers; the values are fixed UAPI. */
#ifndef __NR_landlock_create_ruleset
#define __NR_landlock_create_ruleset 444
#define __NR_landlock_add_rule 445
#define __NR_landlock_restrict_self 446
#endif
#ifndef LANDLOCK_CREATE_RULESET_VERSION
#define LANDLOCK_CREATE_RULESET_VERSION (1U << 0)
#endif
#ifndef LANDLOCK_ACCESS_FS_REFER
#define LANDLOCK_ACCESS_FS_REFER (1ULL << 13)
#endif
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#endif
#ifndef LANDLOCK_ACCESS_FS_IOCTL_DEV
#define LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15)
#endif

#define SETUP_FAILED 125
#define MAX_WRITABLE 256

static void fail(const char *what, const char *detail)
{
	fprintf(stderr, "weft-landlock-exec: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
	exit(SETUP_FAILED);
}

/* ---- capabilities: none ------------------------------------------------------------------------ */

static int has_effective(unsigned cap)
{
	struct __user_cap_header_struct header = { .version = _LINUX_CAPABILITY_VERSION_3, .pid = 0 };
	struct __user_cap_data_struct data[2];
	memset(data, 0, sizeof data);
	if (syscall(SYS_capget, &header, data) != 0)
		fail("cannot read the capabilities", strerror(errno));
	return (data[cap / 32].effective >> (cap % 32)) & 1;
}

static void drop_capabilities(void)
{
	/* The bounding set can be emptied only with CAP_SETPCAP (root); without it the process holds no
	 * capability to lose, and no_new_privs keeps exec from granting any. */
	if (has_effective(CAP_SETPCAP)) {
		for (int cap = 0; prctl(PR_CAPBSET_READ, cap, 0, 0, 0) >= 0; cap++)
			if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0)
				fail("cannot drop a capability from the bounding set", strerror(errno));
	}
	if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL)
		fail("cannot clear the ambient capabilities", strerror(errno));
	struct __user_cap_header_struct header = { .version = _LINUX_CAPABILITY_VERSION_3, .pid = 0 };
	struct __user_cap_data_struct none[2];
	memset(none, 0, sizeof none);
	if (syscall(SYS_capset, &header, none) != 0)
		fail("cannot drop the capabilities", strerror(errno));
}

/* ---- seccomp: no network ------------------------------------------------------------------- */

#if defined(__x86_64__)
#define AUDIT_ARCH_HERE AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define AUDIT_ARCH_HERE AUDIT_ARCH_AARCH64
#endif

#ifdef AUDIT_ARCH_HERE
/* The calls that open or use a network connection, plus ptrace (it could act through another
 * process) and io_uring (its requests bypass seccomp entirely). socket and socketpair are checked
 * separately (below). getsockname, getpeername and getsockopt pass: they open nothing, and libuv
 * asks them of every socket it is handed, so a node program whose stdout is weft's socketpair would print nothing
 * without them. */
static const int denied_calls[] = {
	__NR_connect,    __NR_accept,      __NR_accept4,     __NR_bind,           __NR_listen,
	__NR_shutdown,   __NR_sendto,      __NR_sendmmsg,
	__NR_recvmmsg,   __NR_setsockopt,  __NR_ptrace,         __NR_io_uring_setup,
	__NR_io_uring_enter, __NR_io_uring_register,
};

#define N_DENIED (sizeof denied_calls / sizeof denied_calls[0])
#define RET_EPERM (SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA))
/* The socket type's own bits, below SOCK_NONBLOCK and SOCK_CLOEXEC. */
#define SOCK_TYPE_MASK 0xf

static void deny_network(void)
{
	struct sock_filter prog[24 + 2 * N_DENIED];
	size_t n = 0;

	/* A call made through another ABI would carry other numbers: kill rather than misjudge it. */
	prog[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
	prog[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_HERE, 1, 0);
	prog[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
	prog[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
#ifdef __x86_64__
	/* x32 calls share the x86_64 arch value but carry this bit: refuse them all. */
	prog[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1);
	prog[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, RET_EPERM);
#endif
	for (size_t i = 0; i < N_DENIED; i++) {
		prog[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)denied_calls[i], 0, 1);
		prog[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, RET_EPERM);
	}
	/* socket(…): refused whatever the family. socketpair(domain, type, …): AF_UNIX with the stream or
	 * seqpacket type only (a datagram end would take a destination address in sendmsg). The low words
	 * of the arguments are enough (both supported architectures are little-endian). */
	prog[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 1);
	prog[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, RET_EPERM);
	prog[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socketpair, 0, 7);
	prog[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0]));
	prog[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 0, 4);
	prog[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[1]));
	prog[n++] = (struct sock_filter)BPF_STMT(BPF_ALU | BPF_AND | BPF_K, SOCK_TYPE_MASK);
	prog[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SOCK_STREAM, 2, 0);
	prog[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SOCK_SEQPACKET, 1, 0);
	prog[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, RET_EPERM);
	prog[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);

	struct sock_fprog fprog = { .len = (unsigned short)n, .filter = prog };
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog) != 0)
		fail("cannot install the seccomp filter", strerror(errno));
}
#else
static void deny_network(void)
{
	fail("cannot deny network access", "seccomp rules exist only for x86_64 and aarch64");
}
#endif

/* ---- Landlock: read everywhere, write only where allowed -------------------------------------- */

#define FS_READ (LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR)
/* The rights that make sense on a file (the others concern directory entries and are refused there). */
#define FS_FILE (LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE | \
		 LANDLOCK_ACCESS_FS_TRUNCATE | LANDLOCK_ACCESS_FS_IOCTL_DEV)

/* Every file-system right the running kernel knows: handling them all is what makes everything not
 * granted below forbidden. Capped at ABI 5, the last to add file-system rights. */
static uint64_t handled_rights(long abi)
{
	uint64_t rights = (LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1; /* ABI 1: bits 0 to 12 */
	if (abi >= 2)
		rights |= LANDLOCK_ACCESS_FS_REFER;
	if (abi >= 3)
		rights |= LANDLOCK_ACCESS_FS_TRUNCATE;
	if (abi >= 5)
		rights |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
	return rights;
}

static void allow(int ruleset, const char *path, uint64_t rights)
{
	struct stat st;
	int fd = open(path, O_PATH | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) != 0)
		fail(path, strerror(errno));
	struct landlock_path_beneath_attr rule = {
		.allowed_access = S_ISDIR(st.st_mode) ? rights : rights & FS_FILE,
		.parent_fd = fd,
	};
	if (syscall(__NR_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0)
		fail(path, strerror(errno));
	close(fd);
}

static void confine_writes(char **writable, size_t n_writable)
{
	long abi = syscall(__NR_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
	if (abi < 1)
		fail("Landlock is not available in this kernel (it needs Linux 5.13 or later with landlock in the lsm= list)",
		     strerror(errno));
	uint64_t all = handled_rights(abi);
	/* Only the first field: a kernel accepts a shorter attribute than its own, not a longer one. */
	struct landlock_ruleset_attr attr = { .handled_access_fs = all };
	int ruleset = (int)syscall(__NR_landlock_create_ruleset, &attr, sizeof attr.handled_access_fs, 0);
	if (ruleset < 0)
		fail("cannot create the Landlock ruleset", strerror(errno));
	allow(ruleset, "/", FS_READ & all);
	allow(ruleset, "/dev/null", all & FS_FILE);
	/* No device node anywhere: a block device made in a writable root would be a way to the raw disk. */
	uint64_t writable_rights = all & ~(uint64_t)(LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_BLOCK);
	for (size_t i = 0; i < n_writable; i++)
		allow(ruleset, writable[i], writable_rights);
	if (syscall(__NR_landlock_restrict_self, ruleset, 0) != 0)
		fail("cannot enforce the Landlock ruleset", strerror(errno));
	close(ruleset);
}

int main(int argc, char **argv)
{
	char *writable[MAX_WRITABLE];
	size_t n_writable = 0;
	int no_network = 0;
	int no_landlock = 0;
	int i = 1;

	for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (strcmp(argv[i], "--no-network") == 0) {
			no_network = 1;
		} else if (strcmp(argv[i], "--no-landlock") == 0) {
			no_landlock = 1;
		} else if (strcmp(argv[i], "--writable") == 0 && i + 1 < argc) {
			if (n_writable == MAX_WRITABLE)
				fail("too many --writable directories", NULL);
			writable[n_writable++] = argv[++i];
		} else {
			fail("usage: weft-landlock-exec [--writable DIR]... [--no-network] [--no-landlock] -- COMMAND [ARGS...]", NULL);
		}
	}
	if (i + 1 >= argc)
		fail("usage: weft-landlock-exec [--writable DIR]... [--no-network] [--no-landlock] -- COMMAND [ARGS...]", NULL);

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		fail("cannot set no_new_privs", strerror(errno));
	drop_capabilities();
	if (no_network)
		deny_network();
	if (!no_landlock)
		confine_writes(writable, n_writable);

	execvp(argv[i + 1], &argv[i + 1]);
	int err = errno;
	fprintf(stderr, "weft-landlock-exec: %s: %s\n", argv[i + 1], strerror(err));
	return err == ENOENT ? 127 : 126;
}
