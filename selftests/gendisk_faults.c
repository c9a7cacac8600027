// SPDX-License-Identifier: GPL-2.0
/*
 * gendisk_faults: every error path of the driver's bring-up and removal,
 * run for real.  For N = 1, 2, ... the N-th fault-injectable call (an
 * allocation of any size or sleepability: failslab and fail_page_alloc
 * through /proc/thread-self/fail-nth, gendisk_failnth.h) of this task's
 * finit_module(2) of the driver fails; the driver is then torn down and
 * nothing may be left: no module, no disk in /sys/block, no node in
 * /dev, no new block major in /proc/devices, no new /sys/class/block
 * entry.  A bring-up that still succeeds must give a disk that reads.
 * The sweep ends at the first N the bring-up never reaches (the counter
 * is still armed when finit_module returns): every call was failed once.
 * remove_fail_nth does the same to delete_module(2) of a loaded driver;
 * setup_fail_nth and resize_fail_nth to the profile's create step and
 * resize after a plain load, given as steps this program's task runs
 * itself (FAULTS_SETUP, FAULTS_RESIZE: gendisk_steps.h), since a shell
 * command is another task, which the count never reaches.
 *
 * Each N is bracketed by its own kernel-log markers
 * ("gdc-test: begin gendisk_faults.bringup_fail_nth/N"), so vm/splat-scan
 * blames a kernel report (KASAN, a WARN, lockdep, ...) on the N that
 * caused it; this program also reads each N's kernel log itself and fails
 * the test naming the call that was made to fail (the first frames of
 * the fault-injection stack dump) and the report's first line.
 *
 * Needs CONFIG_FAULT_INJECTION, FAILSLAB, FAIL_PAGE_ALLOC and
 * FAULT_INJECTION_DEBUG_FS (the debug kernel 6.12-debug); SKIPs without.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "gendisk_time.h"

#include "gendisk_bringup.h"
#include "gendisk_failnth.h"
#include "gendisk_kmsg.h"
#include "gendisk_known_reports.h"
#include "gendisk_module.h"
#include "gendisk_profile.h"
#include "gendisk_steps.h"
#include "gendisk_sysfs.h"

/*
 * No bring-up has this many fault-injectable calls: a sweep that runs
 * this long never ends (the counter is never left armed).
 */
#define GD_FAULTS_MAX_N 20000

/*
 * Each N waits for several RCU grace periods (del_gendisk(), the module
 * unload), slow under TCG: expedited while the sweeps run, as
 * /sys/kernel/rcu_expedited allows at run time.
 */
#define GD_RCU_EXPEDITED "/sys/kernel/rcu_expedited"

static void set_rcu_expedited(char *old, size_t len, const char *value)
{
	int fd = open(GD_RCU_EXPEDITED, O_RDWR | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return;
	if (old) {
		n = read(fd, old, len - 1);
		old[n > 0 ? n : 0] = '\0';
		old[strcspn(old, "\n")] = '\0';
	}
	if (value[0] && pwrite(fd, value, strlen(value), 0) < 0)
		value = "";	/* best effort: only the speed depends on it */
	close(fd);
}

/* FAULTS_BIND: the devices the sweeps bind by hand, at most this many. */
#define GD_BIND_MAX 4

FIXTURE(gendisk_faults) {
	struct gd_profile prof;		/* as the running sweep needs it */
	/*
	 * FAULTS_BIND="BUS DRIVER": the bus's automatic probing is off during
	 * the sweeps, and a load is followed by a bind of each device of BUS
	 * that had no driver (bind_path), in the same task.
	 */
	char bind_path[GD_STR_MAX + 64];
	char autoprobe_path[GD_STR_MAX + 64];
	char autoprobe_old[8];		/* drivers_autoprobe before: restored */
	char bind_devs[GD_BIND_MAX][64];
	int nbind;
	struct gd_profile written;	/* as the profile says */
	int fd;				/* the module, for finit_module */
	struct gd_steps steps;		/* FAULTS_SETUP or FAULTS_RESIZE */
	const char *prepare_key;	/* FAULTS_SETUP_PREPARE, ... */
	const char *prepare;		/* its sh command */
	uint64_t old_bytes;		/* the disk's size before a resize */
	char rcu_expedited[8];		/* its value before */
	int kmsg;			/* /dev/kmsg, read side, nonblocking */
	char majors[2048];		/* /proc/devices' block part before */
	int class_block;		/* /sys/class/block entries before */
};

/* What one N did, for its summary line and the verdict. */
struct gd_nth_result {
	bool injected;
	bool called;			/* the armed call was made */
	long left;			/* fail-nth left: 0 injected */
	int killed;			/* the kernel killed the calling task */
	int exited;			/* an exec'd program's exit status */
	int step;			/* the step that failed, -1: none */
	bool in_exec;			/* the failed call was under execve */
	bool in_bind;			/* ... after the load, in the bind */
	bool dumped;			/* the failed call's stack was printed */
	bool in_init;			/* ... under do_init_module() */
	bool in_driver;			/* ... with a frame of the driver */
	int load;			/* finit_module: 0 or -errno */
	bool disk;			/* the disk was there afterwards */
	char site[320];			/* the failed call, from its stack */
	char at[160];			/* the step that failed, as written */
	char state[32];			/* the disk afterwards, if not "disk" */
	char report[256];		/* first kernel report line, if any */
	char known[512];		/* a known report of the kernel's own */
	char why[768];			/* what the system oracle found */
};

static int block_majors(char *buf, size_t len)
{
	FILE *f = fopen("/proc/devices", "re");
	char line[128];
	bool block = false;
	size_t used = 0;

	if (!f)
		return -1;
	buf[0] = '\0';
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "Block devices:", 14))
			block = true;
		else if (block && used + strlen(line) < len)
			used += snprintf(buf + used, len - used, "%s", line);
	}
	fclose(f);
	return 0;
}

static int class_block_entries(void)
{
	DIR *d = opendir("/sys/class/block");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

/* The loaded driver's disk reads its first block. */
static bool disk_reads(const struct gd_profile *p)
{
	char buf[4096];
	int fd = open(p->dev, O_RDONLY | O_CLOEXEC);
	bool ok;

	if (fd < 0)
		return false;
	ok = read(fd, buf, sizeof(buf)) > 0;
	close(fd);
	return ok;
}

/* Allocator and fault-injection internals, skipped to find the caller. */
static bool internal_frame(const char *f)
{
	static const char * const prefixes[] = {
		"dump_stack", "should_fail", "__should_fail", "fail_dump",
		"prepare_alloc_pages", "__alloc_pages", "alloc_pages",
		"__alloc_frozen", "alloc_frozen", "folio_alloc", "__folio_alloc",
		"kmem_cache_alloc", "__kmem_cache_alloc", "slab_alloc",
		"__slab_alloc", "___slab_alloc", "slab_pre_alloc_hook",
		"__kmalloc", "kmalloc", "kvmalloc", "__kvmalloc", "kzalloc",
		"krealloc", "kmemdup", "kstrdup", "kvasprintf", "kasprintf",
		"__vmalloc", "vmalloc", "vzalloc", "__get_free_pages",
		"get_zeroed_page", "alloc_slab", "allocate_slab", "new_slab",
		"pcpu_alloc", "__alloc_percpu", "mempool_alloc", "idr_alloc",
		"ida_alloc", "xas_", "xa_", "radix_tree_", "__radix_tree",
		"kobject_get_path", "kobject_set_name_vargs",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(prefixes); i++)
		if (!strncmp(f, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

static bool is_report(const char *msg)
{
	static const char * const starts[] = {
		"WARNING:", "BUG:", "Oops", "general protection",
		"kernel BUG", "UBSAN:", "refcount_t:", "list_add corruption",
		"list_del corruption", "INFO: possible", "INFO: task",
		"unreferenced object",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(starts); i++)
		if (!strncmp(msg, starts[i], strlen(starts[i])))
			return true;
	return strstr(msg, "KASAN") != NULL;
}

/* One kernel report of the window, its lines kept for the known list. */
struct gd_window_report {
	bool open;
	bool task_end;			/* its call trace's </TASK> was seen */
	char first[256];
	char lines[4096];
	size_t used;
};

static void append_line(char *buf, size_t len, size_t *used, const char *l)
{
	int n;

	if (*used >= len - 1)
		return;
	n = snprintf(buf + *used, len - *used, "%s\n", l);
	*used = n < 0 ? *used : *used + (size_t)n;
	if (*used > len - 1)
		*used = len - 1;
}

/*
 * A report of the window is complete: a known report of the kernel
 * (gendisk_known_reports.h, after the fault dump @fault) goes to
 * r->known, the first other one to r->report.
 */
static void end_report(struct gd_window_report *w, const char *fault,
		       struct gd_nth_result *r)
{
	const char *why;

	if (!w->open)
		return;
	w->open = false;
	why = gd_known_match(w->lines, fault);
	if (why && !r->known[0])
		snprintf(r->known, sizeof(r->known), "%.200s (%.240s...)",
			 w->first, why);
	else if (!why && !r->report[0])
		snprintf(r->report, sizeof(r->report), "%s", w->first);
}

/*
 * Read the kernel log of this N (records after the fixture's last read):
 * the fault-injection dump's fault type and first frames, and the kernel
 * reports.
 */
static void read_window(int kmsg, const char *module,
			struct gd_nth_result *r)
{
	char tag[GD_NAME_MAX + 4];
	char rec[1024], frames[3][96], fault[32] = "?", driver[96] = "";
	char dump[4096] = "";		/* the fault dump's lines */
	size_t dump_used = 0;
	struct gd_window_report w = { 0 };
	int state = 0, nframes = 0;	/* 1: in a fault-injection dump */
	ssize_t n;

	snprintf(tag, sizeof(tag), "[%s]", module);
	for (;;) {
		char *msg, *end;

		n = read(kmsg, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;	/* overwritten records: go on */
		if (n <= 0)
			break;
		rec[n] = '\0';
		msg = strchr(rec, ';');
		if (!msg)
			continue;
		msg++;
		end = strchr(msg, '\n');
		if (end)
			*end = '\0';
		if (!strncmp(msg, "FAULT_INJECTION: forcing a failure.", 35)) {
			char *name = strstr(msg, "name ");

			if (name && sscanf(name, "name %31[^,]", fault) != 1)
				snprintf(fault, sizeof(fault), "?");
			state = 1;
			nframes = 0;
			dump_used = 0;
			dump[0] = '\0';
			continue;
		}
		if (state == 1 && !strncmp(msg, "name ", 5)) {
			if (sscanf(msg, "name %31[^,]", fault) != 1)
				snprintf(fault, sizeof(fault), "?");
			continue;
		}
		if (state == 1 && !strcmp(msg + strspn(msg, " "), "</TASK>")) {
			state = 2;
			continue;
		}
		if (state == 1 && msg[0] == ' ') {
			char *f = msg + strspn(msg, " ");

			append_line(dump, sizeof(dump), &dump_used, msg);
			if (!strncmp(f, "? ", 2) || f[0] == '<')
				continue;
			if (!strncmp(f, "do_init_module", 14))
				r->in_init = true;
			if (strstr(f, "sys_execve"))
				r->in_exec = true;
			if (strstr(f, tag))
				r->in_driver = true;
			if (!driver[0] && strstr(f, " ["))
				snprintf(driver, sizeof(driver), "%s", f);
			if (nframes < 3 && (nframes || !internal_frame(f)))
				snprintf(frames[nframes++], sizeof(frames[0]),
					 "%s", f);
			continue;
		}
		/*
		 * A report inside a report (an oops's "Oops:" line after its
		 * "BUG:") is part of it, until its call trace ends; kmemleak
		 * reports follow each other.
		 */
		if (is_report(msg) &&
		    (!w.open || w.task_end ||
		     !strncmp(msg, "unreferenced object", 19))) {
			end_report(&w, dump, r);
			w.open = true;
			w.task_end = false;
			w.used = 0;
			w.lines[0] = '\0';
			snprintf(w.first, sizeof(w.first), "%s", msg);
		}
		if (w.open) {
			append_line(w.lines, sizeof(w.lines), &w.used, msg);
			if (!strcmp(msg + strspn(msg, " "), "</TASK>"))
				w.task_end = true;
			if (strstr(msg, "---[ end "))
				end_report(&w, dump, r);
		}
	}
	end_report(&w, dump, r);
	if (!state) {
		if (r->injected)
			snprintf(r->site, sizeof(r->site),
				 "no stack dump (a __GFP_NOWARN call)");
		return;
	}
	r->dumped = true;
	snprintf(r->site, sizeof(r->site), "%s: %s%s%s%s%s%s%s", fault,
		 nframes > 0 ? frames[0] : "?",
		 nframes > 1 ? " < " : "", nframes > 1 ? frames[1] : "",
		 nframes > 2 ? " < " : "", nframes > 2 ? frames[2] : "",
		 driver[0] ? "; driver frame " : "", driver);
}

/* The system oracle: nothing of the driver left once it is gone. */
static bool nothing_left(struct _test_data_gendisk_faults *self,
			 struct gd_nth_result *r)
{
	char majors[sizeof(self->majors)];
	int n;

	if (!gd_bringup_nothing_left(&self->prof, r->why, sizeof(r->why)))
		return false;
	if (block_majors(majors, sizeof(majors)) ||
	    strcmp(majors, self->majors)) {
		snprintf(r->why, sizeof(r->why),
			 "the block majors in /proc/devices changed");
		return false;
	}
	n = class_block_entries();
	if (n != self->class_block) {
		snprintf(r->why, sizeof(r->why),
			 "/sys/class/block has %d entries, %d before", n,
			 self->class_block);
		return false;
	}
	return true;
}

static void mark(const char *event, const char *sweep, const char *name)
{
	char test[64];

	snprintf(test, sizeof(test), "%s/%s", sweep, name);
	gd_kmsg_mark(event, "gendisk_faults", test);
}

/* What an armed call gets and gives back, in the child. */
struct gd_armed {
	int nth;			/* the child's fail-nth, 0: not armed */
	int step;			/* the step that failed, -1: none */
	int late;			/* load_call(): still armed after the load */
};

/* What the child of call_failing_nth() sends back. */
struct gd_child_call {
	int ret;			/* the call's: 0 or -errno */
	long left;			/* fail-nth left afterwards */
	struct gd_armed a;
};

/* What is left of the fail-nth count of @pid, a child not reaped yet. */
static long child_failnth(pid_t pid)
{
	char path[64], buf[32];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/fail-nth", pid, pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return strtol(buf, NULL, 10);
}

/*
 * Make @call in a child task whose @n-th fault-injectable call fails (0:
 * none; fail-nth belongs to one task and a fork starts it at 0).  A
 * call that goes wrong in the kernel may kill its task, even after it
 * returned (an oops in the task work run on the way back to user space,
 * such as a deferred fput): the sweep outlives it in this task.  A call
 * may also make the child another program (an exec step, which keeps
 * the count): its exit status goes to r->exited, and what was left of
 * the count is read from the child before it is reaped.  Returns the
 * call's result (0 or -errno; an exec'd program's failure is -EIO) and
 * sets r->left to what was left of the count (0: the n-th call failed);
 * when the kernel killed the child r->killed is the signal and the
 * result -EINTR.
 */
static int call_failing_nth(unsigned int n,
			    int (*call)(void *, struct gd_armed *),
			    void *arg, struct gd_nth_result *r)
{
	struct gd_child_call out = { -EIO, -1, { 0, -1, 0 } };
	siginfo_t info;
	int pfd[2], status;
	long left = -1;
	ssize_t got;
	pid_t pid;

	r->left = -1;
	r->killed = 0;
	r->step = -1;
	r->exited = -1;
	if (pipe2(pfd, O_CLOEXEC))
		return -errno;
	pid = fork();
	if (pid < 0) {
		out.ret = -errno;
		close(pfd[0]);
		close(pfd[1]);
		return out.ret;
	}
	if (!pid) {
		int nth = n ? gd_failnth_open() : 0;

		if (nth < 0) {
			out.ret = nth;
		} else {
			if (n)
				gd_failnth_arm(nth, n);
			out.a.nth = nth;
			out.ret = call(arg, &out.a);
			out.left = n ? gd_failnth_disarm(nth) : -1;
		}
		if (write(pfd[1], &out, sizeof(out)) != sizeof(out))
			_exit(2);
		_exit(0);
	}
	close(pfd[1]);
	while (waitid(P_PID, pid, &info, WEXITED | WNOWAIT) < 0 &&
	       errno == EINTR)
		;
	got = read(pfd[0], &out, sizeof(out));
	close(pfd[0]);
	if (got != sizeof(out) && n)
		left = child_failnth(pid);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (got == sizeof(out)) {
		r->left = out.left;
		r->step = out.a.step;
		r->in_bind = out.a.late;
		return out.ret;
	}
	r->left = left;
	if (WIFEXITED(status)) {
		r->exited = WEXITSTATUS(status);
		return r->exited ? -EIO : 0;
	}
	r->killed = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
	return -EINTR;
}

/*
 * A disk that is there must have its node and read; with @must it must
 * be there (waited for) too.
 */
static bool disk_ready(struct _test_data_gendisk_faults *self, bool must,
		       struct gd_nth_result *r)
{
	char sysdir[GD_STR_MAX + 16];

	snprintf(sysdir, sizeof(sysdir), "/sys/block/%s", self->prof.disk);
	r->disk = must ? gd_wait_path(sysdir, true, GD_APPEAR_TIMEOUT_MS) :
		access(sysdir, F_OK) == 0;
	if (!r->disk) {
		if (must)
			snprintf(r->why, sizeof(r->why), "no %s", sysdir);
		return !must;
	}
	if (!gd_wait_path(self->prof.dev, true, GD_APPEAR_TIMEOUT_MS)) {
		snprintf(r->why, sizeof(r->why), "disk %s but no node %s",
			 self->prof.disk, self->prof.dev);
		return false;
	}
	if (!disk_reads(&self->prof)) {
		snprintf(r->why, sizeof(r->why), "%s does not read",
			 self->prof.dev);
		return false;
	}
	return true;
}

/* After a successful load: SETUP, and a disk that is there must read. */
static bool check_loaded(struct _test_data_gendisk_faults *self,
			 struct gd_nth_result *r)
{
	/*
	 * A load that absorbed the failed call may leave SETUP nothing to
	 * work on (loop_init() ignores loop_add()'s error: no loop0 for
	 * losetup): shown in the result line, not a failure; what is left
	 * afterwards is still judged.  Without an injected failure SETUP
	 * must work.
	 */
	if (gd_run_hook("SETUP", self->prof.setup, r->why, sizeof(r->why)))
		return r->injected;
	return disk_ready(self, false, r);
}

static int write_file(const char *path, const char *value)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, value, strlen(value)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

/*
 * FAULTS_BIND="BUS DRIVER": turn BUS's automatic probing off and note
 * the devices with no driver, which each load binds by hand.  A driver
 * registered while its device is already there probes it inside
 * driver_register(), and in 6.12 a failure later in bus_add_driver()
 * frees the module while the partition scan still holds the disk (a
 * kernel oops, vm/known-kernel-reports): binding after the load, as a
 * hot-added device is probed, fails every call of the same bring-up
 * without leaving the sweep an oopsed kernel.
 */
static int bind_setup(struct _test_data_gendisk_faults *self, char *err,
		      size_t errlen)
{
	char bus[GD_NAME_MAX], drv[GD_NAME_MAX], path[GD_STR_MAX + 64];
	struct dirent *e;
	ssize_t n;
	DIR *d;
	int fd;

	if (sscanf(self->prof.faults_bind, "%63s %63s", bus, drv) != 2) {
		snprintf(err, errlen, "'%s' is not \"BUS DRIVER\"",
			 self->prof.faults_bind);
		return -1;
	}
	snprintf(self->bind_path, sizeof(self->bind_path),
		 "/sys/bus/%s/drivers/%s/bind", bus, drv);
	snprintf(self->autoprobe_path, sizeof(self->autoprobe_path),
		 "/sys/bus/%s/drivers_autoprobe", bus);
	snprintf(path, sizeof(path), "/sys/bus/%s/devices", bus);
	d = opendir(path);
	if (!d) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while ((e = readdir(d)) && self->nbind < GD_BIND_MAX) {
		char link[GD_STR_MAX + 192];

		if (e->d_name[0] == '.' || strlen(e->d_name) >= 64)
			continue;
		snprintf(link, sizeof(link), "%s/%s/driver", path, e->d_name);
		if (access(link, F_OK) == 0)
			continue;	/* bound to another driver */
		snprintf(self->bind_devs[self->nbind++], 64, "%s", e->d_name);
	}
	closedir(d);
	if (!self->nbind) {
		snprintf(err, errlen, "no device on bus %s without a driver", bus);
		return -1;
	}
	fd = open(self->autoprobe_path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", self->autoprobe_path,
			 strerror(errno));
		return -1;
	}
	n = read(fd, self->autoprobe_old, sizeof(self->autoprobe_old) - 1);
	close(fd);
	self->autoprobe_old[n > 0 ? n : 0] = '\0';
	if (write_file(self->autoprobe_path, "0")) {
		self->autoprobe_old[0] = '\0';
		snprintf(err, errlen, "%s: cannot write 0", self->autoprobe_path);
		return -1;
	}
	ksft_print_msg("bring-up: load, then bind %d device(s) of bus %s to %s (automatic probing off)\n",
		       self->nbind, bus, drv);
	return 0;
}

/* FAULTS_BIND: probe each device, in this task; 0 or the first -errno. */
static int bind_devices(const struct _test_data_gendisk_faults *self)
{
	int i, ret = 0;

	for (i = 0; !ret && i < self->nbind; i++)
		ret = write_file(self->bind_path, self->bind_devs[i]);
	return ret;
}

/* A load with no failed call, for the sweeps of what follows it. */
static bool load_plain(struct _test_data_gendisk_faults *self,
		       struct gd_nth_result *r)
{
	int ret = gd_module_load(&self->prof, NULL);

	if (!ret)
		ret = bind_devices(self);
	if (ret)
		snprintf(r->why, sizeof(r->why), "loading %s (%s)%s: %s",
			 self->prof.module_path, self->prof.params,
			 self->nbind ? " and binding" : "", strerror(-ret));
	return !ret;
}

/* TEARDOWN and the unload, if the module is there: false if it stays. */
static bool take_down(struct _test_data_gendisk_faults *self,
		      struct gd_nth_result *r)
{
	return !gd_module_loaded(&self->prof) ||
		!gd_bringup_remove(&self->prof, r->why, sizeof(r->why));
}

/*
 * One sweep: for each N, @before (unarmed: what the armed call needs),
 * @call in a child with its N-th fault-injectable call failed, @after
 * (unarmed: judge the state, take the driver down), then the oracle.
 */
struct gd_sweep {
	const char *test;	/* its kernel-log markers: "setup_fail_nth" */
	const char *label;	/* its result lines: "setup" */
	const char *what;	/* the armed call, in those lines: "steps" */
	bool (*before)(struct _test_data_gendisk_faults *self,
		       struct gd_nth_result *r);
	int (*call)(void *self, struct gd_armed *a);
	bool (*after)(struct _test_data_gendisk_faults *self,
		      struct gd_nth_result *r);
};

static void print_result(const struct gd_sweep *s, unsigned int n,
			 const struct gd_nth_result *r, bool ok)
{
	char res[96];

	if (r->killed)
		snprintf(res, sizeof(res), "the kernel killed the calling task");
	else if (r->exited > 0)
		snprintf(res, sizeof(res), "exit status %d", r->exited);
	else if (r->load)
		snprintf(res, sizeof(res), "%s", strerror(-r->load));
	else
		snprintf(res, sizeof(res), "%s",
			 r->state[0] ? r->state : r->disk ? "disk" : "no disk");
	/* No "failed" in these lines: run reads such words as the reason. */
	ksft_print_msg("%s %u: %s %s, %s%s%s%s%s: %s%s%s%s%s%s%s\n", s->label, n,
		       s->what, r->load ? "error" : "ok", res,
		       r->at[0] ? " at '" : "", r->at, r->at[0] ? "'" : "",
		       ok ? "" : " FAILED",
		       r->site[0] ? r->site : "no call made to fail",
		       r->why[0] ? "; " : "", r->why,
		       r->report[0] ? "; kernel: " : "", r->report,
		       r->known[0] ? "; known kernel report, not the driver's: " : "",
		       r->known);
}

FIXTURE_SETUP(gendisk_faults)
{
	char err[512];
	int ret;

	self->kmsg = -1;
	self->fd = -1;
	ret = gd_fixture_begin(&self->prof, "gendisk_faults", _metadata->name,
			       err, sizeof(err));
	if (ret == GD_LEFTOVER)
		SKIP(return, "%s", err);
	ASSERT_EQ(0, ret) TH_LOG("%s", err);
	memcpy(&self->written, &self->prof, sizeof(self->written));
	/*
	 * FAULTS_PARAMS make the disk at load time: the load is the whole
	 * bring-up, so SETUP and TEARDOWN (null_blk's configfs device) stay
	 * out of it.  The sweeps of the create step and the resize take the
	 * profile as written (profile_as_written()).
	 */
	if (self->prof.faults_params[0]) {
		memcpy(self->prof.params, self->prof.faults_params,
		       sizeof(self->prof.params));
		self->prof.setup[0] = '\0';
		self->prof.teardown[0] = '\0';
	} else if (self->prof.cycle_params[0])
		memcpy(self->prof.params, self->prof.cycle_params,
		       sizeof(self->prof.params));
	if (gd_failnth_setup(err, sizeof(err)))
		SKIP(return, "no fault injection: %s", err);
	if (self->prof.faults_bind[0])
		ASSERT_EQ(0, bind_setup(self, err, sizeof(err)))
			TH_LOG("FAULTS_BIND: %s", err);
	ret = gd_known_load(NULL, err, sizeof(err));
	ASSERT_NE(-EINVAL, ret) TH_LOG("%s", err);
	if (ret)
		ksft_print_msg("no list of known kernel reports (%s): every kernel report counts against the driver\n",
			       err);
	/* Each armed call opens its own task's; this one only checks. */
	ret = gd_failnth_open();
	ASSERT_LE(0, ret) TH_LOG("fail-nth: %s", strerror(-ret));
	close(ret);
	self->kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	ASSERT_LE(0, self->kmsg) TH_LOG("/dev/kmsg: %s", strerror(errno));
	ASSERT_EQ(0, block_majors(self->majors, sizeof(self->majors)));
	self->class_block = class_block_entries();
	ASSERT_LE(0, self->class_block);
	set_rcu_expedited(self->rcu_expedited, sizeof(self->rcu_expedited),
			  "1");
}

FIXTURE_TEARDOWN(gendisk_faults)
{
	char err[512];

	if (self->kmsg >= 0)
		close(self->kmsg);
	gd_failnth_restore();
	if (self->autoprobe_old[0])
		write_file(self->autoprobe_path, self->autoprobe_old);
	if (self->rcu_expedited[0])
		set_rcu_expedited(NULL, 0, self->rcu_expedited);
	EXPECT_EQ(0, gd_fixture_end(&self->prof, "gendisk_faults",
				    _metadata->name, err, sizeof(err)))
		TH_LOG("%s", err);
}

/*
 * A child the kernel killed left no count: its n-th call failed if the
 * kernel log shows the failure.  The kill itself must be explained by a
 * kernel report of the window: a known one of the kernel's own (the
 * sweep goes on) or the driver's (r->report fails the N); a kill with no
 * report at all fails it too.
 */
static bool judge_killed(unsigned int n, struct gd_nth_result *r)
{
	if (!r->killed)
		return true;
	r->injected = n && r->dumped;
	if (r->report[0] || r->known[0])
		return true;
	/*
	 * An exec step whose execve(2) failed past its point of no return:
	 * bprm_execve() ends the task with SIGSEGV (fs/exec.c), no report.
	 */
	if (r->killed == SIGSEGV && r->in_exec && r->injected) {
		snprintf(r->why, sizeof(r->why),
			 "execve failed past its point of no return: the kernel's SIGSEGV");
		return true;
	}
	snprintf(r->why, sizeof(r->why),
		 "the kernel killed the calling task (signal %d) with no report",
		 r->killed);
	return false;
}


/*
 * One N of sweep @s with its @n-th call failed (0: none), the driver
 * taken down and judged; false when it was not clean (@r says why).
 */
static bool sweep_once(struct _test_data_gendisk_faults *self,
		       const struct gd_sweep *s, unsigned int n,
		       const char *name, struct gd_nth_result *r)
{
	bool ok = true;

	lseek(self->kmsg, 0, SEEK_END);
	mark("begin", s->test, name);
	r->load = -ECANCELED;
	r->exited = -1;
	if (s->before && !s->before(self, r)) {
		ok = false;
	} else {
		r->called = true;
		r->load = call_failing_nth(n, s->call, self, r);
		r->injected = n && r->left == 0;
	}
	if (!s->after(self, r))
		ok = false;
	if (ok && !nothing_left(self, r))
		ok = false;
	mark("end", s->test, name);
	read_window(self->kmsg, self->prof.module, r);
	return judge_killed(n, r) && ok && !r->report[0];
}

/* Fail one call: its result line, its verdict. */
static bool sweep_nth(struct __test_metadata *_metadata,
		      struct _test_data_gendisk_faults *self,
		      const struct gd_sweep *s, unsigned int n,
		      struct gd_nth_result *r)
{
	char name[16];
	bool ok;

	snprintf(name, sizeof(name), "%u", n);
	ok = sweep_once(self, s, n, name, r);
	if (r->injected || !ok)
		print_result(s, n, r, ok);
	EXPECT_TRUE(ok)
		TH_LOG("%s: fail-nth %u of the %s: failed %s%s%s: %s%s%s",
		       s->label, n, s->what,
		       r->site[0] ? r->site : "(no call)",
		       r->at[0] ? " at " : "", r->at, r->why,
		       r->report[0] ? "; kernel: " : "", r->report);
	return ok;
}

/* What the calls of a sweep did, for its summary line. */
struct gd_counts {
	unsigned int in_init, in_driver, nodump, failed, nodisk, exec_killed;
	unsigned int tried;		/* the Ns failed (stride > 1: fewer) */
};

/*
 * Fail each @stride-th call of @s in turn from @start (1: every call):
 * the first N past the calls made (the count still armed afterwards; its
 * result in @last), or 0 when an N was not clean.  The first unclean N
 * ends the sweep: after a leftover or a kernel report (a WARN_ON_ONCE
 * spent, lockdep off) the next ones would be judged on a damaged kernel.
 */
static unsigned int sweep_all(struct __test_metadata *_metadata,
			      struct _test_data_gendisk_faults *self,
			      const struct gd_sweep *s, unsigned int start,
			      unsigned int stride, struct gd_counts *c,
			      struct gd_nth_result *last)
{
	unsigned int n;

	for (n = start; n <= GD_FAULTS_MAX_N; n += stride) {
		memset(last, 0, sizeof(*last));
		if (!sweep_nth(_metadata, self, s, n, last))
			return 0;
		/*
		 * A known report of the kernel killed the task (an exec step's
		 * SIGSEGV aside): a kernel that oopsed cannot judge the calls
		 * after it.
		 */
		if (last->killed && !last->in_exec)
			SKIP(return 0, "%s: calls from %u on not failed: the kernel killed the calling task at call %u (a known kernel report), and a kernel that oopsed cannot judge the calls after it (FAULTS_BIND avoids it for a bus driver's load)",
			     s->label, n + 1, n);
		if (!last->injected)
			break;
		c->tried++;
		c->in_init += last->in_init;
		c->in_driver += last->in_driver;
		c->nodump += !last->dumped;
		c->failed += last->load != 0;
		c->nodisk += !last->load && !last->disk;
		c->exec_killed += last->killed && last->in_exec;
	}
	return n;
}

/*
 * The load, then FAULTS_BIND's binds; a->late: the n-th call had not
 * come when the load returned (it came in a bind, or not at all).
 */
static int load_call(void *arg, struct gd_armed *a)
{
	const struct _test_data_gendisk_faults *self = arg;

	if (syscall(SYS_finit_module, self->fd, self->prof.params, 0))
		return -errno;
	a->late = a->nth > 0 && gd_failnth_left(a->nth) > 0;
	return bind_devices(self);
}

static bool load_before(struct _test_data_gendisk_faults *self,
			struct gd_nth_result *r)
{
	self->fd = open(self->prof.module_path, O_RDONLY | O_CLOEXEC);
	if (self->fd < 0)
		snprintf(r->why, sizeof(r->why), "%s: %s",
			 self->prof.module_path, strerror(errno));
	return self->fd >= 0;
}

static bool load_after(struct _test_data_gendisk_faults *self,
		       struct gd_nth_result *r)
{
	bool ok = true;

	if (self->fd >= 0)
		close(self->fd);
	self->fd = -1;
	if (!r->load)
		ok = check_loaded(self, r);
	return take_down(self, r) && ok;
}

/* The bring-up: the driver's finit_module(2) is the armed call. */
static const struct gd_sweep bringup_sweep = {
	"bringup_fail_nth", "bringup", "load",
	load_before, load_call, load_after,
};

/*
 * The first call made under do_init_module(): the calls before it are
 * the module loader's (copying the image, KASAN shadow, one sysfs file
 * per ELF section...), several hundred of them and none the driver's.
 * Binary search on "the n-th call's stack has do_init_module, or it came
 * after the load returned (FAULTS_BIND's bind)"; a call whose stack was
 * not printed (__GFP_NOWARN) is passed over to the next.
 * The counts vary a little from load to load, hence the margin the
 * sweep starts before it.  0: a probe was not clean (its failure is
 * recorded).
 */
static unsigned int first_init_call(struct __test_metadata *_metadata,
				    struct _test_data_gendisk_faults *self,
				    unsigned int total)
{
	unsigned int lo = 1, hi = total + 1;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2, m;
		struct gd_nth_result r;

		for (m = mid; m < hi; m++) {
			memset(&r, 0, sizeof(r));
			if (!sweep_nth(_metadata, self, &bringup_sweep, m,
				       &r))
				return 0;	/* judged: nothing more to learn */
			if (!r.injected || r.dumped)
				break;
		}
		if (m < hi && r.injected && r.dumped && !r.in_init &&
		    !r.in_bind)
			lo = m + 1;
		else
			hi = mid;
	}
	return lo;
}

/* How far the sweep starts before the first call of the driver's init. */
#define GD_FAULTS_MARGIN 20

/*
 * GENDISK_FAULTS_STRIDE=S (make test-faults): the bring-up sweep fails
 * every S-th call from its start, a deterministic sample (the count run,
 * the search for the init's first call, the end and the final unfailed
 * load are as in the full sweep); unset or 1: every call.
 */
static unsigned int bringup_stride(void)
{
	const char *v = getenv("GENDISK_FAULTS_STRIDE");
	unsigned long s = v && *v ? strtoul(v, NULL, 10) : 1;

	return s >= 1 && s <= 1000 ? (unsigned int)s : 1;
}

/* The English ordinal suffix of @n: 1st, 2nd, 3rd, 4th, 11th, 21st. */
static const char *ordinal(unsigned int n)
{
	if (n % 100 / 10 == 1)
		return "th";
	switch (n % 10) {
	case 1:
		return "st";
	case 2:
		return "nd";
	case 3:
		return "rd";
	default:
		return "th";
	}
}

/* Fail each call of the bring-up in turn. */
TEST_F_TIMEOUT(gendisk_faults, bringup_fail_nth, 1800)
{
	unsigned int n, total, first, start, stride = bringup_stride();
	struct gd_nth_result r = { 0 };
	struct gd_counts c = { 0 };
	char every[64] = "in turn";

	/* A load with an unreachable n counts the calls: nothing fails. */
	ASSERT_TRUE(sweep_once(self, &bringup_sweep, 1U << 30, "count", &r))
		TH_LOG("plain load: %s%s%s", r.why,
		       r.report[0] ? "; kernel: " : "", r.report);
	ASSERT_LT(0, r.left) TH_LOG("fail-nth unreadable");
	total = (1U << 30) - r.left;
	if (getenv("GENDISK_FAULTS_ALL"))
		first = 1;
	else
		first = first_init_call(_metadata, self, total);
	if (!first)
		return;
	start = first > GD_FAULTS_MARGIN ? first - GD_FAULTS_MARGIN : 1;
	if (stride > 1)
		snprintf(every, sizeof(every),
			 "every %u%s call (a sample: GENDISK_FAULTS_STRIDE)",
			 stride, ordinal(stride));
	ksft_print_msg("bringup: %u fault-injectable calls in finit_module(2)%s, the driver's init from about call %u: failing calls %u on %s\n",
		       total, self->nbind ? " and the bind" : "", first, start,
		       every);
	n = sweep_all(_metadata, self, &bringup_sweep, start, stride, &c, &r);
	if (!n)
		return;
	ASSERT_GE(GD_FAULTS_MAX_N, n) TH_LOG("no end after %u calls", n - 1);
	EXPECT_EQ(0, r.load) TH_LOG("no call failed but the load did: %s",
				    strerror(-r.load));
	/*
	 * The last load failed nothing: it must bring the disk up as the
	 * first did, or an earlier N left the driver or device unusable
	 * (gdvirtio and virtio_blk once left the virtqueue enabled after a
	 * failed probe, and no later probe worked).
	 */
	EXPECT_TRUE(r.disk)
		TH_LOG("after the sweep a load with no failed call gave no %s: an earlier failure left it unusable",
		       self->prof.disk);
	ksft_print_msg("bringup: calls %u to %u failed %s (%u), all clean: %u under do_init_module(), %u in the driver's own code, %u without a stack; the load failed %u times, succeeded without the disk %u times, with it %u times\n",
		       start, n - stride, every, c.tried, c.in_init,
		       c.in_driver, c.nodump, c.failed, c.nodisk,
		       c.tried - c.failed - c.nodisk);
}

static bool remove_before(struct _test_data_gendisk_faults *self,
			  struct gd_nth_result *r)
{
	char why[sizeof(r->why)];

	if (!load_plain(self, r) || !check_loaded(self, r))
		return false;
	/* As gd_bringup_remove(): a failed TEARDOWN shows in the unload. */
	gd_run_hook("TEARDOWN", self->prof.teardown, why, sizeof(why));
	return true;
}

static int remove_call(void *arg, struct gd_armed *a)
{
	const struct _test_data_gendisk_faults *self = arg;

	(void)a;
	return syscall(SYS_delete_module, self->prof.module, O_NONBLOCK) ?
		-errno : 0;
}

/* An unload that failed may be retried: it must work then. */
static bool remove_after(struct _test_data_gendisk_faults *self,
			 struct gd_nth_result *r)
{
	(void)r;
	if (gd_module_loaded(&self->prof))
		gd_bringup_remove(&self->prof, NULL, 0);
	return true;
}

/* The removal: the driver's delete_module(2) is the armed call. */
static const struct gd_sweep remove_sweep = {
	"remove_fail_nth", "remove", "unload",
	remove_before, remove_call, remove_after,
};

/* Fail each call of the removal (delete_module) in turn. */
TEST_F_TIMEOUT(gendisk_faults, remove_fail_nth, 1800)
{
	struct gd_nth_result r;
	struct gd_counts c = { 0 };
	unsigned int n;

	n = sweep_all(_metadata, self, &remove_sweep, 1, 1, &c, &r);
	if (!n)
		return;
	ASSERT_GE(GD_FAULTS_MAX_N, n) TH_LOG("no end after %u calls", n - 1);
	ksft_print_msg("remove: %u fault-injectable calls in delete_module(2) failed in turn, all clean, %u in the driver's own code\n",
		       n - 1, c.in_driver);
}

/*
 * The profile's own steps (FAULTS_SETUP, FAULTS_RESIZE) are the armed
 * call, run by the child itself (gendisk_steps.h).
 */
static int steps_call(void *arg, struct gd_armed *a)
{
	const struct _test_data_gendisk_faults *self = arg;

	return gd_steps_run(&self->steps, &a->step);
}

/* The steps' unarmed sh prelude (FAULTS_*_PREPARE). */
static bool steps_prepare(struct _test_data_gendisk_faults *self,
			  struct gd_nth_result *r)
{
	return !gd_run_hook(self->prepare_key, self->prepare, r->why,
			    sizeof(r->why));
}

/* Name the step that failed: an exec'd program's is the last one. */
static void steps_failed_at(struct _test_data_gendisk_faults *self,
			    struct gd_nth_result *r)
{
	const struct gd_step *last = &self->steps.step[self->steps.n - 1];

	if (last->verb == GD_STEP_EXEC &&
	    (r->exited > 0 || (r->killed && r->step < 0)))
		r->step = self->steps.n - 1;
	if (r->called && r->load && r->step >= 0 &&
	    r->step < (int)self->steps.n)
		snprintf(r->at, sizeof(r->at), "%s",
			 self->steps.step[r->step].text);
}

static bool setup_before(struct _test_data_gendisk_faults *self,
			 struct gd_nth_result *r)
{
	return load_plain(self, r) && steps_prepare(self, r);
}

/*
 * Steps that succeeded made the disk, which must read as after
 * check_loaded(); steps that failed may have made it or not.
 */
static bool setup_after(struct _test_data_gendisk_faults *self,
			struct gd_nth_result *r)
{
	bool ok = true;

	steps_failed_at(self, r);
	if (r->called && !r->load) {
		ok = disk_ready(self, true, r);
		if (!ok)
			snprintf(r->why + strlen(r->why),
				 sizeof(r->why) - strlen(r->why),
				 " after the steps succeeded");
	} else if (r->called) {
		disk_ready(self, false, r);
		r->why[0] = '\0';	/* a half-made disk need not read */
	}
	return take_down(self, r) && ok;
}

/* The create step after a load: FAULTS_SETUP's steps are the call. */
static const struct gd_sweep setup_sweep = {
	"setup_fail_nth", "setup", "steps",
	setup_before, steps_call, setup_after,
};

/* The disk's size in bytes from sysfs, 0 when unreadable. */
static uint64_t disk_bytes(const struct gd_profile *p)
{
	uint64_t sectors;

	return gd_sysfs_u64(p->disk, "size", &sectors) ? 0 : sectors * 512;
}

/* Load, SETUP, a disk that reads, its size; then the prelude. */
static bool resize_before(struct _test_data_gendisk_faults *self,
			  struct gd_nth_result *r)
{
	if (!load_plain(self, r))
		return false;
	if (gd_run_hook("SETUP", self->prof.setup, r->why, sizeof(r->why)) ||
	    !disk_ready(self, true, r))
		return false;
	self->old_bytes = disk_bytes(&self->prof);
	return steps_prepare(self, r);
}

/*
 * Whatever failed, the disk still reads and has the old size or the new
 * one (RESIZE_BYTES); the new one when the steps succeeded.
 */
static bool resize_after(struct _test_data_gendisk_faults *self,
			 struct gd_nth_result *r)
{
	uint64_t bytes, want = self->prof.resize_bytes;
	bool ok = true;

	steps_failed_at(self, r);
	if (r->called && !r->killed) {
		ok = disk_ready(self, true, r);
		bytes = disk_bytes(&self->prof);
		snprintf(r->state, sizeof(r->state), "%s size",
			 bytes == want ? "new" :
			 bytes == self->old_bytes ? "old" : "wrong");
		if (ok && bytes != want && (bytes != self->old_bytes ||
					    !r->load)) {
			snprintf(r->why, sizeof(r->why),
				 "%llu bytes after the steps %s (%llu before, RESIZE_BYTES %llu)",
				 (unsigned long long)bytes,
				 r->load ? "failed" : "succeeded",
				 (unsigned long long)self->old_bytes,
				 (unsigned long long)want);
			ok = false;
		}
	}
	return take_down(self, r) && ok;
}

/* The resize of the live disk: FAULTS_RESIZE's steps are the call. */
static const struct gd_sweep resize_sweep = {
	"resize_fail_nth", "resize", "steps",
	resize_before, steps_call, resize_after,
};

/*
 * The steps of @key (@spec) with each of their calls failed in turn,
 * after a plain run (no call failed) that must work.
 */
static void sweep_steps(struct __test_metadata *_metadata,
			struct _test_data_gendisk_faults *self,
			const struct gd_sweep *s, const char *key,
			const char *spec, const char *prepare_key,
			const char *prepare)
{
	struct gd_nth_result r = { 0 };
	struct gd_counts c = { 0 };
	char err[GD_CMD_MAX + 128];
	unsigned int n;

	ASSERT_EQ(0, gd_steps_parse(spec, &self->steps, err, sizeof(err)))
		TH_LOG("%s: %s", key, err);
	self->prepare_key = prepare_key;
	self->prepare = prepare;
	ASSERT_TRUE(sweep_once(self, s, 0, "plain", &r) && !r.load)
		TH_LOG("%s with no call failed: %s%s%s%s%s: %s%s%s", key,
		       r.load ? strerror(-r.load) : "ok",
		       r.at[0] ? " at '" : "", r.at, r.at[0] ? "'" : "",
		       r.exited > 0 ? " (exit status)" : "", r.why,
		       r.report[0] ? "; kernel: " : "", r.report);
	n = sweep_all(_metadata, self, s, 1, 1, &c, &r);
	if (!n)
		return;
	ASSERT_GE(GD_FAULTS_MAX_N, n) TH_LOG("no end after %u calls", n - 1);
	EXPECT_EQ(0, r.load) TH_LOG("no call failed but the steps did: %s",
				    strerror(-r.load));
	ksft_print_msg("%s: %u fault-injectable calls of %s failed in turn, all clean: %u in the driver's own code, %u without a stack; the steps failed %u times (%u an exec the kernel ended), succeeded %u times\n",
		       s->label, n - 1, key, c.in_driver, c.nodump, c.failed,
		       c.exec_killed, n - 1 - c.failed);
}

/* The profile as written: the fixture set it up for the bring-up. */
static void profile_as_written(struct _test_data_gendisk_faults *self)
{
	memcpy(&self->prof, &self->written, sizeof(self->prof));
}

/* Fail each call of the create step (FAULTS_SETUP) after a load. */
TEST_F_TIMEOUT(gendisk_faults, setup_fail_nth, 1800)
{
	profile_as_written(self);
	if (!self->prof.faults_setup[0])
		SKIP(return, "the profile has no FAULTS_SETUP (its create step as steps)");
	sweep_steps(_metadata, self, &setup_sweep, "FAULTS_SETUP",
		    self->prof.faults_setup, "FAULTS_SETUP_PREPARE",
		    self->prof.faults_setup_prepare);
}

/* Fail each call of the resize (FAULTS_RESIZE) of the live disk. */
TEST_F_TIMEOUT(gendisk_faults, resize_fail_nth, 1800)
{
	profile_as_written(self);
	if (!self->prof.faults_resize[0])
		SKIP(return, "the profile has no FAULTS_RESIZE (its resize as steps)");
	sweep_steps(_metadata, self, &resize_sweep, "FAULTS_RESIZE",
		    self->prof.faults_resize, "FAULTS_RESIZE_PREPARE",
		    self->prof.faults_resize_prepare);
}

/*
 * GENDISK_FAULTS_SWEEPS="setup_fail_nth ...": only those tests (the
 * harness's -t), while iterating on one sweep.
 */
int main(int argc, char **argv)
{
	const char *only = getenv("GENDISK_FAULTS_SWEEPS");
	static char *args[16], names[256];
	char *tok, *save;
	int n = 0;

	gd_scale_test_timeouts();
	if (argc > 1 || !only || !only[0])
		return test_harness_run(argc, argv);
	snprintf(names, sizeof(names), "%s", only);
	args[n++] = argv[0];
	for (tok = strtok_r(names, " ", &save); tok && n < 15;
	     tok = strtok_r(NULL, " ", &save)) {
		args[n++] = "-t";
		args[n++] = tok;
	}
	args[n] = NULL;
	return test_harness_run(n, args);
}
