// SPDX-License-Identifier: GPL-2.0
/*
 * gendisk_lifecycle: the module cannot go away while its disk is open and
 * goes away cleanly once it is closed; it loads and unloads repeatedly
 * without leaving anything behind (LOAD_CYCLES loads, and CONTROL_CYCLES
 * disk creations and removals through the driver's own control, each
 * with the same dev_t and the same number of block devices); and every
 * fault-injection point ends as the profile says (init fails with an
 * error, or succeeds without a disk), leaves no disk behind, and does not
 * spoil the next load.
 *
 * delete_module(2) of a module whose reference count is held (an open
 * block device holds one for disk->fops->owner) fails with EWOULDBLOCK
 * (== EAGAIN): kernel/module/main.c, try_stop_module(), 6.1 and 6.12.
 * EBUSY is what a module without an exit function, or one still
 * initialising, gets; a gendisk driver must not be either.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "gendisk_time.h"

#include "gendisk_bringup.h"
#include "gendisk_module.h"
#include "gendisk_profile.h"
#include "gendisk_sysfs.h"

FIXTURE(gendisk_lifecycle) {
	struct gd_profile prof;
	/* The profile with CYCLE_PARAMS as PARAMS, for the many loads. */
	struct gd_profile cycle;
	char sysdir[GD_STR_MAX];
};

FIXTURE_SETUP(gendisk_lifecycle)
{
	char err[512];
	int ret;

	ret = gd_fixture_begin(&self->prof, "gendisk_lifecycle",
			       _metadata->name, err, sizeof(err));
	if (ret == GD_LEFTOVER)
		SKIP(return, "%s", err);
	ASSERT_EQ(0, ret) TH_LOG("%s", err);
	snprintf(self->sysdir, sizeof(self->sysdir), "/sys/block/%s",
		 self->prof.disk);
	self->cycle = self->prof;
	if (self->prof.cycle_params[0])
		memcpy(self->cycle.params, self->prof.cycle_params,
		       sizeof(self->cycle.params));
}

FIXTURE_TEARDOWN(gendisk_lifecycle)
{
	char err[512];

	EXPECT_EQ(0, gd_fixture_end(&self->prof, "gendisk_lifecycle", _metadata->name,
				    err, sizeof(err)))
		TH_LOG("%s", err);
}

TEST_F(gendisk_lifecycle, unload_while_open_fails)
{
	char err[512], why[512];
	int fd, ret;

	ASSERT_EQ(0, gd_bringup_disk(&self->prof, NULL, err, sizeof(err)))
		TH_LOG("%s", err);
	fd = open(self->prof.dev, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd) TH_LOG("open %s: %s", self->prof.dev, strerror(errno));
	EXPECT_LE(1, gd_module_refcnt(&self->prof))
		TH_LOG("an open disk must hold a reference on its module");

	ret = gd_module_unload(&self->prof);
	EXPECT_EQ(-EWOULDBLOCK, ret)
		TH_LOG("delete_module while open: %s, want %s",
		       ret ? strerror(-ret) : "success", strerror(EWOULDBLOCK));
	EXPECT_TRUE(gd_module_loaded(&self->prof));
	EXPECT_EQ(0, access(self->sysdir, F_OK))
		TH_LOG("%s vanished while open", self->sysdir);
	ASSERT_EQ(0, close(fd));

	ret = gd_bringup_remove(&self->prof, err, sizeof(err));
	EXPECT_EQ(0, ret) TH_LOG("delete_module after close: %s", err);
	EXPECT_TRUE(gd_bringup_nothing_left(&self->prof, why, sizeof(why)))
		TH_LOG("after unload: %s", why);
}

/* Entries of /sys/class/block (disks and partitions), or -errno. */
static int count_class_block(void)
{
	struct dirent *de;
	DIR *d;
	int n = 0;

	d = opendir("/sys/class/block");
	if (!d)
		return -errno;
	while ((de = readdir(d)))
		if (de->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

/*
 * After each cycle: the same number of block devices as before the
 * first, and the disk got the same dev_t every time (a minor or a major
 * the driver forgets to give back shows as a new number).
 */
static void check_no_leak(struct __test_metadata *_metadata,
			  const struct gd_profile *p, unsigned int cycle,
			  int devices_before, const char *devnum,
			  const char *first_devnum)
{
	int now = count_class_block();

	EXPECT_EQ(devices_before, now)
		TH_LOG("cycle %u: /sys/class/block has %d entries, %d before",
		       cycle, now, devices_before);
	EXPECT_EQ(0, strcmp(devnum, first_devnum))
		TH_LOG("cycle %u: %s is %s, was %s in cycle 0", cycle, p->disk,
		       devnum, first_devnum);
}

TEST_F_TIMEOUT(gendisk_lifecycle, load_unload_cycles, 240)
{
	char err[512], why[512], sector[512];
	char devnum[32] = "", first[32] = "";
	int devices = count_class_block();
	unsigned int i;

	ASSERT_LE(0, devices) TH_LOG("/sys/class/block: %s",
				     strerror(-devices));
	for (i = 0; i < self->cycle.load_cycles; i++) {
		int fd, ret;

		ASSERT_EQ(0, gd_bringup_disk(&self->cycle, NULL, err,
					     sizeof(err)))
			TH_LOG("cycle %u: %s", i, err);
		EXPECT_EQ(0, gd_sysfs_read(self->cycle.disk, "dev", devnum,
					   sizeof(devnum)));
		if (!i)
			memcpy(first, devnum, sizeof(first));
		fd = open(self->cycle.dev, O_RDONLY | O_CLOEXEC);
		ASSERT_LE(0, fd) TH_LOG("cycle %u: open: %s", i,
					strerror(errno));
		EXPECT_EQ((ssize_t)sizeof(sector),
			  read(fd, sector, sizeof(sector)))
			TH_LOG("cycle %u: read: %s", i, strerror(errno));
		close(fd);
		ret = gd_bringup_remove(&self->cycle, err, sizeof(err));
		ASSERT_EQ(0, ret) TH_LOG("cycle %u: %s", i, err);
		ASSERT_TRUE(gd_bringup_nothing_left(&self->cycle, why,
						    sizeof(why)))
			TH_LOG("cycle %u: after unload: %s", i, why);
		check_no_leak(_metadata, &self->cycle, i, devices, devnum,
			      first);
	}
}

/*
 * Create and remove the disk through the driver's own control (the
 * profile's TEARDOWN and SETUP, e.g. null_blk's configfs "power" and
 * rmdir) with the module loaded all along: CONTROL_CYCLES times, the
 * disk and its node go and come back, nothing accumulates.
 */
TEST_F_TIMEOUT(gendisk_lifecycle, control_create_remove_cycles, 240)
{
	char err[512], devnum[32] = "", first[32] = "";
	int devices = count_class_block();
	unsigned int i;

	if (!self->prof.control_cycles)
		SKIP(return, "profile sets no CONTROL_CYCLES");
	ASSERT_TRUE(self->prof.setup[0] && self->prof.teardown[0])
		TH_LOG("CONTROL_CYCLES needs SETUP and TEARDOWN");
	ASSERT_LE(0, devices);
	ASSERT_EQ(0, gd_bringup_disk(&self->cycle, NULL, err, sizeof(err)))
		TH_LOG("%s", err);
	ASSERT_EQ(0, gd_sysfs_read(self->cycle.disk, "dev", first,
				   sizeof(first)));
	for (i = 0; i < self->prof.control_cycles; i++) {
		ASSERT_EQ(0, gd_run_hook("TEARDOWN", self->prof.teardown, err,
					 sizeof(err)))
			TH_LOG("cycle %u: %s", i, err);
		EXPECT_TRUE(gd_wait_path(self->sysdir, false,
					 GD_APPEAR_TIMEOUT_MS))
			TH_LOG("cycle %u: %s still there", i, self->sysdir);
		EXPECT_TRUE(gd_wait_path(self->prof.dev, false,
					 GD_APPEAR_TIMEOUT_MS))
			TH_LOG("cycle %u: %s still there", i, self->prof.dev);
		EXPECT_EQ(devices, count_class_block())
			TH_LOG("cycle %u: block devices left after removal", i);
		ASSERT_EQ(0, gd_run_hook("SETUP", self->prof.setup, err,
					 sizeof(err)))
			TH_LOG("cycle %u: %s", i, err);
		ASSERT_TRUE(gd_wait_path(self->prof.dev, true,
					 GD_APPEAR_TIMEOUT_MS))
			TH_LOG("cycle %u: %s did not come back", i,
			       self->prof.dev);
		EXPECT_EQ(0, gd_sysfs_read(self->cycle.disk, "dev", devnum,
					   sizeof(devnum)));
		EXPECT_EQ(0, strcmp(devnum, first))
			TH_LOG("cycle %u: %s is %s, was %s", i,
			       self->prof.disk, devnum, first);
	}
	ASSERT_EQ(0, gd_bringup_remove(&self->cycle, err, sizeof(err)))
		TH_LOG("%s", err);
}

/*
 * Load with EXTRA, where EXTRA injects a fault.  The profile gives the
 * expected outcome of each point (POINT[:OUTCOME]):
 *   fail    (default) init fails with a negative errno; nothing is left.
 *   nodisk  init takes down what it added and succeeds without a disk;
 *           the module then unloads cleanly.  A driver must do this once
 *           a disk went live: see README.md, "Faults after add_disk".
 * Either way no disk and no node remain, and a plain load works after.
 */
static void expect_clean_fault(struct __test_metadata *_metadata,
			       const struct gd_profile *p, const char *extra,
			       const char *outcome)
{
	char err[512], why[512];
	int ret, n;

	ret = gd_module_load(p, extra);
	if (!strcmp(outcome, "nodisk")) {
		EXPECT_EQ(0, ret) TH_LOG("'%s' (nodisk): load failed: %s",
					 extra, strerror(-ret));
		n = gd_sysfs_count_disks(p->disk_prefix, why, sizeof(why));
		EXPECT_EQ(0, n) TH_LOG("'%s' (nodisk): disk %s is there",
				       extra, why);
		EXPECT_NE(0, access(p->dev, F_OK))
			TH_LOG("'%s' (nodisk): %s is there", extra, p->dev);
		if (!ret) {
			ret = gd_module_unload(p);
			EXPECT_EQ(0, ret) TH_LOG("'%s' (nodisk): unload: %s",
						 extra, strerror(-ret));
		}
	} else {
		EXPECT_EQ(0, strcmp(outcome, "fail"))
			TH_LOG("unknown fault outcome '%s'", outcome);
		EXPECT_GT(0, ret) TH_LOG("'%s': load succeeded", extra);
		if (!ret)
			gd_module_unload(p);
		EXPECT_NE(-ENOENT, ret)
			TH_LOG("'%s': module file missing?", extra);
	}
	EXPECT_TRUE(gd_bringup_nothing_left(p, why, sizeof(why)))
		TH_LOG("'%s' (%s): %s", extra, outcome, why);
	if (gd_module_loaded(p))
		gd_module_unload(p);

	ret = gd_bringup_disk(p, NULL, err, sizeof(err));
	EXPECT_EQ(0, ret) TH_LOG("after '%s': %s", extra, err);
	if (!ret) {
		ret = gd_bringup_remove(p, err, sizeof(err));
		EXPECT_EQ(0, ret) TH_LOG("after '%s': %s", extra, err);
	}
	TH_LOG("note: '%s' done (%s)", extra, outcome);
}

/* Each POINT[:OUTCOME] of @points, injected with "@params FAULT_PARAM=POINT". */
static void run_fault_points(struct __test_metadata *_metadata,
			     const struct gd_profile *p, const char *params,
			     const char *points)
{
	char word[GD_STR_MAX], extra[3 * GD_STR_MAX];
	unsigned int i;

	for (i = 0; gd_word_at(points, i, word, sizeof(word)); i++) {
		char *colon = strchr(word, ':');
		const char *outcome = "fail";

		if (colon) {
			*colon = '\0';
			outcome = colon + 1;
		}
		snprintf(extra, sizeof(extra), "%s%s%s=%s", params,
			 *params ? " " : "", p->fault_param, word);
		expect_clean_fault(_metadata, p, extra, outcome);
	}
}

TEST_F_TIMEOUT(gendisk_lifecycle, fault_points_fail_cleanly, 120)
{
	if (!gd_profile_has(&self->prof, "faultinject"))
		SKIP(return, "profile does not claim feature 'faultinject'");
	ASSERT_TRUE(self->prof.fault_param[0] && self->prof.fault_points[0])
		TH_LOG("faultinject needs FAULT_PARAM and FAULT_POINTS");
	run_fault_points(_metadata, &self->cycle, "", self->prof.fault_points);
}

/*
 * The same faults on a later disk of several: the disks added before the
 * fault must be taken down by the init path.
 */
TEST_F_TIMEOUT(gendisk_lifecycle, fault_points_on_later_disk, 120)
{
	if (!gd_profile_has(&self->prof, "faultinject"))
		SKIP(return, "profile does not claim feature 'faultinject'");
	if (!self->prof.fault_late_params[0])
		SKIP(return, "profile sets no FAULT_LATE_PARAMS");
	run_fault_points(_metadata, &self->cycle, self->prof.fault_late_params,
			 self->prof.fault_late_points);
}

int main(int argc, char **argv)
{
	gd_scale_test_timeouts();
	return test_harness_run(argc, argv);
}
