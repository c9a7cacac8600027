// SPDX-License-Identifier: GPL-2.0
/*
 * Known-state helpers for the fixtures; see gendisk_bringup.h.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gendisk_bringup.h"
#include "gendisk_module.h"
#include "gendisk_sysfs.h"

int gd_bringup_clean(const struct gd_profile *p, char *err, size_t errlen)
{
	int ret;

	if (!gd_module_loaded(p))
		return 0;
	ret = gd_module_unload(p);
	if (ret) {
		snprintf(err, errlen, "%s left loaded and cannot unload: %s",
			 p->module, strerror(-ret));
		return -1;
	}
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
	snprintf(sysdir, sizeof(sysdir), "/sys/block/%s", p->disk);
	if (!gd_wait_path(sysdir, true, GD_APPEAR_TIMEOUT_MS)) {
		snprintf(err, errlen, "%s loaded but %s did not appear",
			 p->module, sysdir);
		gd_module_unload(p);
		return -1;
	}
	if (!gd_wait_path(p->dev, true, GD_APPEAR_TIMEOUT_MS)) {
		snprintf(err, errlen,
			 "%s appeared but node %s did not (devtmpfs mounted?)",
			 sysdir, p->dev);
		gd_module_unload(p);
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
		ret = gd_module_unload(p);
		if (ret) {
			snprintf(err, errlen, "unloading %s: %s", p->module,
				 strerror(-ret));
			return -1;
		}
	}
	if (!gd_bringup_nothing_left(p, why, sizeof(why))) {
		snprintf(err, errlen, "after unloading %s: %s", p->module, why);
		return -1;
	}
	return 0;
}
