// SPDX-License-Identifier: GPL-2.0
/*
 * Known-state helpers for the fixtures; see gendisk_bringup.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gendisk_bringup.h"
#include "gendisk_kmsg.h"
#include "gendisk_module.h"
#include "gendisk_sysfs.h"
#include "gendisk_time.h"

/*
 * Run a profile's SETUP or TEARDOWN command with sh; its output is kept
 * out of the KTAP stream and, on failure, its first line goes into @err.
 */
int gd_run_hook(const char *what, const char *cmd, char *err, size_t errlen)
{
	char shell[GD_CMD_MAX + 16], line[256], out[256] = "";
	FILE *f;
	int status;

	if (!cmd[0])
		return 0;
	snprintf(shell, sizeof(shell), "{ %s\n} 2>&1", cmd);
	f = popen(shell, "r");
	if (!f) {
		snprintf(err, errlen, "%s: popen: %s", what, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f))
		if (!out[0]) {
			line[strcspn(line, "\n")] = '\0';
			snprintf(out, sizeof(out), "%s", line);
		}
	status = pclose(f);
	if (status) {
		snprintf(err, errlen, "%s '%s' failed (status %d): %s", what,
			 cmd, status, out[0] ? out : "no output");
		return -1;
	}
	return 0;
}

int gd_bringup_remove(const struct gd_profile *p, char *err, size_t errlen)
{
	char hook_err[512];
	int ret;

	/* A failed TEARDOWN shows as the unload failing; keep its words. */
	if (gd_run_hook("TEARDOWN", p->teardown, hook_err, sizeof(hook_err)))
		hook_err[sizeof(hook_err) - 1] = '\0';
	else
		hook_err[0] = '\0';
	ret = gd_module_unload_settled(p);
	if (ret && err)
		snprintf(err, errlen, "unloading %s: %s%s%s", p->module,
			 strerror(-ret), hook_err[0] ? "; " : "", hook_err);
	return ret;
}

static void gd_last_test_path(char *buf, size_t len)
{
	const char *dir = getenv("TMPDIR");

	snprintf(buf, len, "%s/gendisk-last-test", dir && *dir ? dir : "/tmp");
}

void gd_last_test(char *out, size_t len)
{
	char path[GD_STR_MAX];
	FILE *f;

	out[0] = '\0';
	gd_last_test_path(path, sizeof(path));
	f = fopen(path, "r");
	if (!f)
		return;
	if (!fgets(out, len, f))
		out[0] = '\0';
	out[strcspn(out, "\n")] = '\0';
	fclose(f);
}

void gd_set_last_test(const char *fixture, const char *test)
{
	char path[GD_STR_MAX];
	FILE *f;

	gd_last_test_path(path, sizeof(path));
	f = fopen(path, "w");
	if (!f)
		return;	/* best effort: only the message gets vaguer */
	fprintf(f, "%s.%s\n", fixture, test);
	fclose(f);
}

/* "(left behind by TEST)", or why no test is named. */
static void gd_cause(const char *prev, char *out, size_t len)
{
	if (prev && prev[0])
		snprintf(out, len, "left behind by %s", prev);
	else
		snprintf(out, len, "present before the first test of this run");
}

int gd_bringup_clean(const struct gd_profile *p, const char *prev,
		     char *err, size_t errlen)
{
	char why[512], cause[GD_STR_MAX + 32], hook_err[512];
	int leftover = prev && prev[0] ? GD_LEFTOVER : -1;

	gd_cause(prev, cause, sizeof(cause));
	if (gd_module_loaded(p) && gd_bringup_remove(p, why, sizeof(why))) {
		snprintf(err, errlen,
			 "the module %s from an earlier test is still loaded and does not unload (%s): %s",
			 p->module, cause, why);
		return leftover;
	}
	if (gd_bringup_nothing_left(p, why, sizeof(why)))
		return 0;
	/*
	 * One try: what TEARDOWN removes (a bound loop device, a configfs
	 * device) may be what is left.  A disk a driver forgot to delete
	 * stays until the reboot: its name is taken, every load would fail
	 * on "File exists".
	 */
	if (gd_run_hook("TEARDOWN", p->teardown, hook_err, sizeof(hook_err)))
		hook_err[0] = '\0';
	if (gd_bringup_nothing_left(p, why, sizeof(why)))
		return 0;
	snprintf(err, errlen,
		 "a disk from an earlier test is still present: %s (%s)%s",
		 why, cause, p->teardown[0] ? "; TEARDOWN did not remove it" : "");
	return leftover;
}

/*
 * Wait until @dev opens: a disk probed asynchronously (sd behind an HBA
 * scanned by a thread or workqueue) is in sysfs and devtmpfs as soon as
 * device_add() ran, while add_disk() registers its block device only
 * after that, and until then an open fails with ENXIO.  A disk made
 * inside the module's init is complete before the load returns.  Other
 * errors are the tests' to find.
 */
static int gd_wait_openable(const char *dev, unsigned int timeout_ms)
{
	const struct timespec tick = { 0, 10 * 1000 * 1000 };
	unsigned int waited = 0;
	int fd;

	timeout_ms *= gd_time_factor();
	for (;;) {
		fd = open(dev, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (fd >= 0) {
			close(fd);
			return 0;
		}
		if (errno != ENXIO)
			return 0;
		if (waited >= timeout_ms)
			return -1;
		nanosleep(&tick, NULL);
		waited += 10;
	}
}

int gd_bringup_disk(const struct gd_profile *p, const char *extra,
		    char *err, size_t errlen)
{
	char sysdir[GD_STR_MAX + 16];
	int ret;

	ret = gd_module_load(p, extra);
	if (ret) {
		char hint[GD_NAME_MAX + 128] = "";

		/* What "File exists" means for a load. */
		if (ret == -EEXIST)
			snprintf(hint, sizeof(hint),
				 " (loaded under another name than MODULE=%s, or a name it registers is taken)",
				 p->module);
		snprintf(err, errlen, "loading %s (%s%s%s) failed: %s%s",
			 p->module_path, p->params, extra ? " " : "",
			 extra ? extra : "", strerror(-ret), hint);
		return -1;
	}
	if (gd_run_hook("SETUP", p->setup, err, errlen)) {
		gd_bringup_remove(p, NULL, 0);
		return -1;
	}
	snprintf(sysdir, sizeof(sysdir), "/sys/block/%s", p->disk);
	if (!gd_wait_path(sysdir, true, GD_APPEAR_TIMEOUT_MS)) {
		snprintf(err, errlen, "%s loaded but %s did not appear",
			 p->module, sysdir);
		gd_bringup_remove(p, NULL, 0);
		return -1;
	}
	if (!gd_wait_path(p->dev, true, GD_APPEAR_TIMEOUT_MS)) {
		snprintf(err, errlen,
			 "%s appeared but node %s did not (devtmpfs mounted?)",
			 sysdir, p->dev);
		gd_bringup_remove(p, NULL, 0);
		return -1;
	}
	if (gd_wait_openable(p->dev, GD_APPEAR_TIMEOUT_MS)) {
		snprintf(err, errlen,
			 "%s appeared but opening it still fails with ENXIO",
			 p->dev);
		gd_bringup_remove(p, NULL, 0);
		return -1;
	}
	return 0;
}

bool gd_bringup_nothing_left(const struct gd_profile *p, char *why,
			     size_t whylen)
{
	char first[GD_STR_MAX];
	int n;

	if (gd_module_loaded(p)) {
		snprintf(why, whylen, "module %s is still loaded", p->module);
		return false;
	}
	n = gd_sysfs_count_disks(p->disk_prefix, first, sizeof(first));
	if (n != 0) {
		snprintf(why, whylen, "%d disk(s) left in /sys/block, e.g. %s",
			 n, n > 0 ? first : "(unreadable)");
		return false;
	}
	if (access(p->dev, F_OK) == 0) {
		snprintf(why, whylen, "device node %s is still there", p->dev);
		return false;
	}
	return true;
}

int gd_bringup_teardown(const struct gd_profile *p, char *err, size_t errlen)
{
	char why[512];
	int ret;

	if (gd_module_loaded(p)) {
		ret = gd_bringup_remove(p, err, errlen);
		if (ret)
			return -1;
	}
	if (!gd_bringup_nothing_left(p, why, sizeof(why))) {
		snprintf(err, errlen, "after unloading %s: %s", p->module, why);
		return -1;
	}
	return 0;
}

int gd_fixture_begin(struct gd_profile *p, const char *fixture,
		     const char *test, char *err, size_t errlen)
{
	char prev[GD_STR_MAX];
	int ret;

	gd_kmsg_mark("begin", fixture, test);
	if (gd_profile_load(p, err, errlen))
		return -1;
	gd_last_test(prev, sizeof(prev));
	ret = gd_bringup_clean(p, prev, err, errlen);
	if (ret == GD_LEFTOVER) {
		/* The fixture SKIPs: no teardown will end the marker. */
		gd_kmsg_mark("end", fixture, test);
		return ret;
	}
	if (ret)
		return ret;
	/* The culprit of a leftover is the last test that began clean. */
	gd_set_last_test(fixture, test);
	return 0;
}

int gd_fixture_bringup(struct gd_profile *p, const char *fixture,
		       const char *test, char *err, size_t errlen)
{
	int ret = gd_fixture_begin(p, fixture, test, err, errlen);

	if (ret)
		return ret;
	return gd_bringup_disk(p, NULL, err, errlen);
}

void gd_format_bytes(uint64_t size, char *out, size_t len)
{
	if (size >= (1 << 20) && !(size % (1 << 20)))
		snprintf(out, len, "%" PRIu64 " bytes (%" PRIu64 " MiB)", size,
			 size >> 20);
	else
		snprintf(out, len, "%" PRIu64 " bytes (%" PRIu64 " KiB)", size,
			 size >> 10);
}

int gd_fixture_min_size(const struct gd_profile *p, uint64_t size,
			uint64_t need, const char *fixture, const char *test,
			const char *what, char *err, size_t errlen)
{
	char found[64], needed[64];

	if (size >= need)
		return 0;
	gd_bringup_remove(p, NULL, 0);
	gd_kmsg_mark("end", fixture, test);
	gd_format_bytes(size, found, sizeof(found));
	gd_format_bytes(need, needed, sizeof(needed));
	snprintf(err, errlen,
		 "%s is %s; %s needs at least %s: give the profile a larger disk (PARAMS)",
		 p->disk, found, what, needed);
	return 1;
}

int gd_fixture_geometry(const struct gd_profile *p, uint64_t *bytes,
			uint64_t *lbs, char *err, size_t errlen)
{
	uint64_t sectors;

	if (gd_sysfs_u64(p->disk, "size", &sectors) ||
	    gd_sysfs_u64(p->disk, "queue/logical_block_size", lbs) ||
	    !sectors || !*lbs) {
		gd_bringup_remove(p, NULL, 0);
		snprintf(err, errlen, "cannot read size/logical_block_size");
		return -1;
	}
	*bytes = sectors * 512;
	return 0;
}

int gd_fixture_end(const struct gd_profile *p, const char *fixture,
		   const char *test, char *err, size_t errlen)
{
	int ret = gd_bringup_teardown(p, err, errlen);

	gd_kmsg_mark("end", fixture, test);
	return ret;
}
