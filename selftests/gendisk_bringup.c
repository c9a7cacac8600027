// SPDX-License-Identifier: GPL-2.0
/*
 * Known-state helpers for the fixtures; see gendisk_bringup.h.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gendisk_bringup.h"
#include "gendisk_kmsg.h"
#include "gendisk_module.h"
#include "gendisk_sysfs.h"

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
	ret = gd_module_unload(p);
	if (ret && err)
		snprintf(err, errlen, "unloading %s: %s%s%s", p->module,
			 strerror(-ret), hook_err[0] ? "; " : "", hook_err);
	return ret;
}

int gd_bringup_clean(const struct gd_profile *p, char *err, size_t errlen)
{
	int ret;

	if (!gd_module_loaded(p))
		return 0;
	ret = gd_bringup_remove(p, err, errlen);
	if (ret)
		return -1;
	return 0;
}

int gd_bringup_disk(const struct gd_profile *p, const char *extra,
		    char *err, size_t errlen)
{
	char sysdir[GD_STR_MAX + 16];
	int ret;

	ret = gd_module_load(p, extra);
	if (ret) {
		snprintf(err, errlen, "loading %s (%s%s%s) failed: %s",
			 p->module_path, p->params, extra ? " " : "",
			 extra ? extra : "", strerror(-ret));
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
	gd_kmsg_mark("begin", fixture, test);
	if (gd_profile_load(p, err, errlen))
		return -1;
	return gd_bringup_clean(p, err, errlen);
}

int gd_fixture_bringup(struct gd_profile *p, const char *fixture,
		       const char *test, char *err, size_t errlen)
{
	if (gd_fixture_begin(p, fixture, test, err, errlen))
		return -1;
	return gd_bringup_disk(p, NULL, err, errlen);
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
