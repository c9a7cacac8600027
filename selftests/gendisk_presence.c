// SPDX-License-Identifier: GPL-2.0
/*
 * gendisk_presence: once the driver is loaded, its disk is visible
 * everywhere userspace looks for it: the device node, /proc/partitions and
 * /sys/block/NAME (size, ro, removable, dev, range/ext_range, hidden,
 * capability, queue/logical_block_size, physical_block_size,
 * max_sectors_kb, rotational, ...), and all of them, and the ioctls that
 * report the same values, agree.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "gendisk_time.h"

#include "gendisk_bringup.h"
#include "gendisk_module.h"
#include "gendisk_profile.h"
#include "gendisk_sysfs.h"

FIXTURE(gendisk_presence) {
	struct gd_profile prof;
};

FIXTURE_SETUP(gendisk_presence)
{
	char err[512];
	int ret;

	ret = gd_fixture_bringup(&self->prof, "gendisk_presence",
				 _metadata->name, err, sizeof(err));
	if (ret == GD_LEFTOVER)
		SKIP(return, "%s", err);
	ASSERT_EQ(0, ret) TH_LOG("%s", err);
}

FIXTURE_TEARDOWN(gendisk_presence)
{
	char err[512];

	EXPECT_EQ(0, gd_fixture_end(&self->prof, "gendisk_presence", _metadata->name,
				    err, sizeof(err)))
		TH_LOG("%s", err);
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

/*
 * A fixed disk under PARAMS, unless the profile claims removable_media:
 * a drive whose medium is removable by nature (a floppy, a CD-ROM) is
 * GENHD_FL_REMOVABLE whatever the parameters.
 */
TEST_F(gendisk_presence, sysfs_removable_is_0)
{
	uint64_t removable;

	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "removable", &removable));
	if (gd_profile_has(&self->prof, "removable_media")) {
		EXPECT_EQ((uint64_t)1, removable)
			TH_LOG("profile claims removable_media");
		return;
	}
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

/*
 * range is disk->minors (0 for a dynamic dev_t), ext_range how many
 * partitions the disk can hold: 1 with GENHD_FL_NO_PART, DISK_MAX_PARTS
 * otherwise (block/genhd.c).  A disk claimed to take partitions needs
 * room for them; hidden is 0 for any disk userspace should use.
 */
TEST_F(gendisk_presence, range_ext_range_hidden)
{
	uint64_t range, ext_range, hidden;
	int claim = gd_profile_claim(self->prof.partitions);

	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "range", &range));
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "ext_range", &ext_range));
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "hidden", &hidden));
	EXPECT_EQ(0, hidden);
	EXPECT_LE(1, ext_range);
	EXPECT_LE(range, ext_range);
	if (claim == 1)
		EXPECT_LT(1, ext_range)
			TH_LOG("PARTITIONS=yes but ext_range is %" PRIu64
			       " (GENHD_FL_NO_PART?)", ext_range);
}

/*
 * capability is deprecated (6.1 prints the disk's flags, 6.12 0 with a
 * log line), but it is still part of the ABI: a hex number without the
 * removable bit (GENHD_FL_REMOVABLE, 1) on a fixed disk.
 */
TEST_F(gendisk_presence, capability)
{
	unsigned long long cap;
	char buf[64], *end;

	ASSERT_EQ(0, gd_sysfs_read(self->prof.disk, "capability", buf,
				   sizeof(buf)));
	errno = 0;
	cap = strtoull(buf, &end, 16);
	ASSERT_TRUE(!errno && end != buf && !*end)
		TH_LOG("capability '%s' is not a hex number", buf);
	if (!gd_profile_has(&self->prof, "removable_media"))
		EXPECT_EQ(0, cap & 1)
			TH_LOG("capability %llx says removable", cap);
}

/* The I/O geometry in queue/ and the ioctls that report it agree. */
TEST_F(gendisk_presence, io_limits_match_ioctls)
{
	uint64_t lbs, pbs, iomin, ioopt, align, maxkb, maxhwkb;
	unsigned int upbs = 0, uiomin = 0, uioopt = 0;
	unsigned short sectget = 0;
	int ialign = -1, fd;

	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk,
				  "queue/logical_block_size", &lbs));
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk,
				  "queue/physical_block_size", &pbs));
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "queue/minimum_io_size",
				  &iomin));
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "queue/optimal_io_size",
				  &ioopt));
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "alignment_offset", &align));
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "queue/max_sectors_kb",
				  &maxkb));
	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "queue/max_hw_sectors_kb",
				  &maxhwkb));
	EXPECT_TRUE(pbs && !(pbs & (pbs - 1)))
		TH_LOG("physical block size %" PRIu64 " not a power of two",
		       pbs);
	EXPECT_LE(lbs, pbs);
	EXPECT_LE(lbs, iomin);
	EXPECT_LT(0, maxkb);
	EXPECT_LE(maxkb, maxhwkb);
	EXPECT_LE(lbs, maxkb * 1024)
		TH_LOG("max_sectors_kb %" PRIu64 " below one block", maxkb);

	fd = open(self->prof.dev, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd) TH_LOG("open %s: %s", self->prof.dev, strerror(errno));
	EXPECT_EQ(0, ioctl(fd, BLKPBSZGET, &upbs));
	EXPECT_EQ(pbs, upbs) TH_LOG("BLKPBSZGET");
	EXPECT_EQ(0, ioctl(fd, BLKIOMIN, &uiomin));
	EXPECT_EQ(iomin, uiomin) TH_LOG("BLKIOMIN");
	EXPECT_EQ(0, ioctl(fd, BLKIOOPT, &uioopt));
	EXPECT_EQ(ioopt, uioopt) TH_LOG("BLKIOOPT");
	EXPECT_EQ(0, ioctl(fd, BLKALIGNOFF, &ialign));
	EXPECT_EQ((int64_t)align, ialign) TH_LOG("BLKALIGNOFF");
	/*
	 * BLKSECTGET: max_sectors in 512-byte units, clipped to 16 bits;
	 * max_sectors_kb is the same halved, rounded down (255 -> 127).
	 */
	EXPECT_EQ(0, ioctl(fd, BLKSECTGET, &sectget));
	if (sectget < 65535) {
		EXPECT_EQ(maxkb, sectget / 2U)
			TH_LOG("BLKSECTGET %u, max_sectors_kb %" PRIu64,
			       sectget, maxkb);
	} else {
		EXPECT_LE(32767, maxkb) TH_LOG("BLKSECTGET clipped");
	}
	close(fd);
}

/*
 * queue/rotational and BLKROTATIONAL agree; the value is the profile's
 * ROTATIONAL where it sets one.  (How a driver says it changed: 6.1
 * counts a queue rotational unless it sets QUEUE_FLAG_NONROT, 6.12
 * non-rotational unless it sets BLK_FEAT_ROTATIONAL.)
 */
TEST_F(gendisk_presence, rotational)
{
	unsigned short urot = 0xffff;
	uint64_t rot;
	int fd;

	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "queue/rotational", &rot));
	fd = open(self->prof.dev, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, ioctl(fd, BLKROTATIONAL, &urot));
	EXPECT_EQ(rot, urot) TH_LOG("BLKROTATIONAL");
	close(fd);
	if (self->prof.rotational[0])
		EXPECT_EQ(strtoull(self->prof.rotational, NULL, 10), rot)
			TH_LOG("queue/rotational %" PRIu64 ", profile says %s",
			       rot, self->prof.rotational);
}

int main(int argc, char **argv)
{
	gd_scale_test_timeouts();
	return test_harness_run(argc, argv);
}
