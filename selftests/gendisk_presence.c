// SPDX-License-Identifier: GPL-2.0
/*
 * gendisk_presence: once the driver is loaded, its disk is visible
 * everywhere userspace looks for it: the device node, /proc/partitions and
 * /sys/block/NAME (size, ro, removable, dev, queue/logical_block_size),
 * and all of them agree.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "gendisk_time.h"

#include "gendisk_bringup.h"
#include "gendisk_kmsg.h"
#include "gendisk_module.h"
#include "gendisk_profile.h"
#include "gendisk_sysfs.h"

FIXTURE(gendisk_presence) {
	struct gd_profile prof;
};

FIXTURE_SETUP(gendisk_presence)
{
	char err[512];

	gd_kmsg_mark("begin", "gendisk_presence", _metadata->name);
	ASSERT_EQ(0, gd_profile_load(&self->prof, err, sizeof(err)))
		TH_LOG("%s", err);
	ASSERT_EQ(0, gd_bringup_clean(&self->prof, err, sizeof(err)))
		TH_LOG("%s", err);
	ASSERT_EQ(0, gd_bringup_disk(&self->prof, NULL, err, sizeof(err)))
		TH_LOG("%s", err);
}

FIXTURE_TEARDOWN(gendisk_presence)
{
	char err[512];

	EXPECT_EQ(0, gd_bringup_teardown(&self->prof, err, sizeof(err)))
		TH_LOG("%s", err);
	gd_kmsg_mark("end", "gendisk_presence", _metadata->name);
}

TEST_F(gendisk_presence, node_is_block_device)
{
	struct stat st;

	ASSERT_EQ(0, stat(self->prof.dev, &st))
		TH_LOG("stat %s: %s", self->prof.dev, strerror(errno));
	EXPECT_TRUE(S_ISBLK(st.st_mode))
		TH_LOG("%s is not a block device (mode %o)",
		       self->prof.dev, st.st_mode);
}

TEST_F(gendisk_presence, node_matches_sysfs_dev)
{
	unsigned int major_nr, minor_nr;
	struct stat st;

	ASSERT_EQ(0, gd_sysfs_devnum(self->prof.disk, &major_nr, &minor_nr));
	ASSERT_EQ(0, stat(self->prof.dev, &st));
	EXPECT_EQ(major_nr, major(st.st_rdev));
	EXPECT_EQ(minor_nr, minor(st.st_rdev));
}

TEST_F(gendisk_presence, proc_partitions_lists_disk)
{
	unsigned int major_nr, minor_nr, pmajor, pminor;
	uint64_t sectors, blocks;
	int ret;

	ret = gd_proc_partitions_find(self->prof.disk, &pmajor, &pminor,
				      &blocks);
	ASSERT_EQ(0, ret)
		TH_LOG("%s not in /proc/partitions: %s", self->prof.disk,
		       strerror(-ret));
	ASSERT_EQ(0, gd_sysfs_devnum(self->prof.disk, &major_nr, &minor_nr));
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "size", &sectors));
	EXPECT_EQ(major_nr, pmajor);
	EXPECT_EQ(minor_nr, pminor);
	/* /proc/partitions counts 1 KiB blocks, sysfs 512-byte sectors. */
	EXPECT_EQ(sectors / 2, blocks);
}

TEST_F(gendisk_presence, sysfs_size)
{
	uint64_t sectors;

	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "size", &sectors));
	EXPECT_LT((uint64_t)0, sectors) TH_LOG("disk has zero capacity");
	if (self->prof.capacity_bytes)
		EXPECT_EQ(self->prof.capacity_bytes, sectors * 512)
			TH_LOG("profile CAPACITY_BYTES=%" PRIu64,
			       self->prof.capacity_bytes);
}

TEST_F(gendisk_presence, sysfs_ro_is_0)
{
	uint64_t ro;

	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "ro", &ro));
	EXPECT_EQ((uint64_t)0, ro);
}

TEST_F(gendisk_presence, sysfs_removable_is_0)
{
	uint64_t removable;

	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "removable", &removable));
	EXPECT_EQ((uint64_t)0, removable)
		TH_LOG("PARAMS=\"%s\" should make a fixed disk",
		       self->prof.params);
}

TEST_F(gendisk_presence, removable_param_sets_removable)
{
	uint64_t removable;
	char err[512];

	if (!gd_profile_has(&self->prof, "removable"))
		SKIP(return, "profile does not claim feature 'removable'");
	ASSERT_NE(0, self->prof.removable_params[0])
		TH_LOG("FEATURES has removable but REMOVABLE_PARAMS is empty");
	ASSERT_EQ(0, gd_bringup_remove(&self->prof, err, sizeof(err)))
		TH_LOG("%s", err);
	ASSERT_EQ(0, gd_bringup_disk(&self->prof, self->prof.removable_params,
				     err, sizeof(err)))
		TH_LOG("%s", err);
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "removable", &removable));
	EXPECT_EQ((uint64_t)1, removable);
}

TEST_F(gendisk_presence, logical_block_size)
{
	uint64_t lbs, pbs, sectors;

	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk,
				  "queue/logical_block_size", &lbs));
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk,
				  "queue/physical_block_size", &pbs));
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "size", &sectors));
	EXPECT_TRUE(lbs >= 512 && lbs <= 65536 && !(lbs & (lbs - 1)))
		TH_LOG("logical block size %" PRIu64 " is not a power of two in 512..65536",
		       lbs);
	EXPECT_LE(lbs, pbs);
	EXPECT_EQ((uint64_t)0, (sectors * 512) % lbs)
		TH_LOG("capacity is not a whole number of logical blocks");
	if (self->prof.logical_block_size)
		EXPECT_EQ((uint64_t)self->prof.logical_block_size, lbs);
}

/*
 * The queue model the profile claims: a blk-mq disk has /sys/block/NAME/mq
 * (blk_mq_sysfs_register()), a bio-based one (->submit_bio) has none.
 */
TEST_F(gendisk_presence, queue_model)
{
	char mq[GD_STR_MAX + 32];
	bool has_mq;

	if (!self->prof.queue_model[0])
		SKIP(return, "profile does not claim a QUEUE_MODEL");
	snprintf(mq, sizeof(mq), "/sys/block/%s/mq", self->prof.disk);
	has_mq = access(mq, F_OK) == 0;
	if (!strcmp(self->prof.queue_model, "mq")) {
		EXPECT_TRUE(has_mq) TH_LOG("QUEUE_MODEL=mq but no %s", mq);
	} else {
		EXPECT_FALSE(has_mq)
			TH_LOG("QUEUE_MODEL=bio but %s exists: the disk is blk-mq",
			       mq);
	}
}

int main(int argc, char **argv)
{
	gd_scale_test_timeouts();
	return test_harness_run(argc, argv);
}
