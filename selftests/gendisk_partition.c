// SPDX-License-Identifier: GPL-2.0
/*
 * gendisk_partition: a disk that takes partitions shows the partitions of
 * an MBR and of a GPT written to it once BLKRRPART rescans it: each node
 * appears, sysfs start/size and /proc/partitions give its place, I/O
 * through the partition node lands at that place of the whole disk and
 * stops at the partition's end, a rescan is refused (EBUSY) while one is
 * open, and wiping the table then rescanning removes them.  A disk that
 * takes no partitions (GENHD_FL_NO_PART, as zram sets it, or a loop
 * device without LO_FLAGS_PARTSCAN) refuses BLKRRPART with EINVAL and
 * shows none.  The profile says which
 * (PARTITIONS=yes|no).
 *
 * BLKRRPART is disk_scan_partitions() (block/genhd.c): EINVAL when
 * !disk_has_partscan(disk), EBUSY while a partition is open.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "gendisk_time.h"

#include "gendisk_blockio.h"
#include "gendisk_bringup.h"
#include "gendisk_module.h"
#include "gendisk_parttable.h"
#include "gendisk_pattern.h"
#include "gendisk_profile.h"
#include "gendisk_sysfs.h"

/* Bytes written and checked at each end of every partition. */
#define PART_PROBE (64 * 1024)
/* How long partition nodes may take to come and go (devtmpfs). */
#define PART_WAIT_MS 5000

FIXTURE(gendisk_partition) {
	struct gd_profile prof;
	uint64_t size;		/* bytes, from sysfs */
	unsigned int lbs;	/* logical block size, from sysfs */
};

FIXTURE_SETUP(gendisk_partition)
{
	struct gd_part parts[GD_PARTS_MAX];
	uint64_t lbs;
	char err[512];
	int ret;

	ret = gd_fixture_bringup(&self->prof, "gendisk_partition",
				 _metadata->name, err, sizeof(err));
	if (ret == GD_LEFTOVER)
		SKIP(return, "%s", err);
	ASSERT_EQ(0, ret) TH_LOG("%s", err);
	ASSERT_EQ(0, gd_fixture_geometry(&self->prof, &self->size, &lbs,
					 err, sizeof(err)))
		TH_LOG("%s", err);
	self->lbs = lbs;
	/* Every test writes a table of GD_PARTS_MAX partitions. */
	if (!gd_parttable_layout(self->size, lbs, parts, GD_PARTS_MAX) &&
	    gd_fixture_min_size(&self->prof, self->size,
				gd_parttable_min_bytes(lbs), "gendisk_partition",
				_metadata->name, "gendisk_partition", err,
				sizeof(err)))
		SKIP(return, "%s", err);
}

FIXTURE_TEARDOWN(gendisk_partition)
{
	char err[512];
	int fd;

	/*
	 * Leave no table behind, even after a failed test: a virtio disk's
	 * image keeps it for the next load of the same VM.
	 */
	fd = open(self->prof.dev, O_RDWR | O_CLOEXEC);
	if (fd >= 0) {
		gd_parttable_wipe(fd, self->size, self->lbs);
		ioctl(fd, BLKRRPART, 0);
		close(fd);
	}
	EXPECT_EQ(0, gd_fixture_end(&self->prof, "gendisk_partition", _metadata->name,
				    err, sizeof(err)))
		TH_LOG("%s", err);
}

/*
 * The minors semantics: partition @partno of a disk with range (minors)
 * R gets the next minor after the disk's own while @partno < R, and an
 * extended dev_t (BLOCK_EXT_MAJOR, 259) beyond - so a disk with minors = 1
 * is not unpartitionable any more (only GENHD_FL_NO_PART makes it so),
 * its partitions just live under major 259.  /proc/partitions and sysfs
 * "dev" agree.
 */
static void check_partition_devt(struct __test_metadata *_metadata,
				 const struct gd_profile *p, const char *name,
				 unsigned int partno, unsigned int pmajor,
				 unsigned int pminor)
{
	unsigned int dmajor, dminor, smajor, sminor;
	char part[2 * GD_NAME_MAX + 16], dev[32];
	uint64_t range;

	ASSERT_EQ(0, gd_sysfs_devnum(p->disk, &dmajor, &dminor));
	ASSERT_EQ(0, gd_sysfs_u64(p->disk, "range", &range));
	/* The partition's directory below the disk's: DISK/NAME/dev. */
	snprintf(part, sizeof(part), "%s/%s", p->disk, name);
	ASSERT_EQ(0, gd_sysfs_devnum(part, &smajor, &sminor));
	snprintf(dev, sizeof(dev), "%u:%u", smajor, sminor);
	EXPECT_EQ(pmajor, smajor) TH_LOG("%s: /proc/partitions vs sysfs", name);
	EXPECT_EQ(pminor, sminor) TH_LOG("%s: /proc/partitions vs sysfs", name);
	if (partno < range) {
		EXPECT_EQ(dmajor, smajor)
			TH_LOG("%s is %s inside the disk's %" PRIu64 " minors",
			       name, dev, range);
		EXPECT_EQ(dminor + partno, sminor)
			TH_LOG("%s is %s inside the disk's %" PRIu64 " minors",
			       name, dev, range);
	} else {
		EXPECT_EQ(259, smajor)
			TH_LOG("%s is %s beyond the disk's %" PRIu64
			       " minors: want BLOCK_EXT_MAJOR", name, dev, range);
	}
}

/* Partition @i (0-based) as the kernel shows it, and its data. */
static void check_partition(struct __test_metadata *_metadata,
			    const struct gd_profile *p, unsigned int lbs,
			    int disk_fd, unsigned int i,
			    const struct gd_part *part)
{
	const uint32_t seed = 0x9a700000 + i;
	char name[GD_NAME_MAX + 8], node[GD_STR_MAX + 16], attr[128];
	uint64_t start = 0, sectors = 0, partno = 0, blocks = 0;
	unsigned int pmajor, pminor;
	char *buf;
	long at;
	int fd;

	gd_part_name(p->disk, i + 1, name, sizeof(name));
	snprintf(node, sizeof(node), "/dev/%s", name);
	ASSERT_TRUE(gd_wait_path(node, true, PART_WAIT_MS))
		TH_LOG("%s did not appear after BLKRRPART", node);
	snprintf(attr, sizeof(attr), "%s/start", name);
	ASSERT_EQ(0, gd_sysfs_u64(p->disk, attr, &start))
		TH_LOG("/sys/block/%s/%s unreadable", p->disk, attr);
	snprintf(attr, sizeof(attr), "%s/size", name);
	ASSERT_EQ(0, gd_sysfs_u64(p->disk, attr, &sectors));
	snprintf(attr, sizeof(attr), "%s/partition", name);
	ASSERT_EQ(0, gd_sysfs_u64(p->disk, attr, &partno));
	EXPECT_EQ(part->start, start * 512) TH_LOG("%s start", name);
	EXPECT_EQ(part->len, sectors * 512) TH_LOG("%s size", name);
	EXPECT_EQ(i + 1, partno) TH_LOG("%s partition number", name);
	ASSERT_EQ(0, gd_proc_partitions_find(name, &pmajor, &pminor, &blocks))
		TH_LOG("%s not in /proc/partitions", name);
	EXPECT_EQ(part->len / 1024, blocks)
		TH_LOG("%s in /proc/partitions", name);
	check_partition_devt(_metadata, p, name, i + 1, pmajor, pminor);

	buf = gd_io_alloc(PART_PROBE);
	ASSERT_NE(NULL, buf);
	/* Both ends of the partition, through its own node... */
	fd = open(node, O_RDWR | O_DIRECT | O_CLOEXEC);
	ASSERT_LE(0, fd) TH_LOG("open %s: %s", node, strerror(errno));
	EXPECT_EQ(0, gd_pattern_write_range(fd, 0, PART_PROBE, seed));
	EXPECT_EQ(0, gd_pattern_write_range(fd, part->len - PART_PROBE,
					    PART_PROBE, seed));
	EXPECT_EQ((off_t)part->len, lseek(fd, 0, SEEK_END))
		TH_LOG("%s: SEEK_END is not the partition's size", name);
	/* ...which ends where the partition ends... */
	memset(buf, 0xee, lbs);
	errno = 0;
	EXPECT_EQ(-1, pwrite(fd, buf, lbs, part->len));
	EXPECT_EQ(ENOSPC, errno)
		TH_LOG("%s: write at its end: %s", name, strerror(errno));
	close(fd);

	/* ...land at the partition's place on the whole disk. */
	ASSERT_EQ(0, gd_pread_all(disk_fd, buf, PART_PROBE, part->start));
	at = gd_pattern_check(buf, PART_PROBE, 0, seed);
	EXPECT_EQ(-1, at)
		TH_LOG("%s: first bytes not at disk offset %" PRIu64
		       " (byte %ld differs)", name, part->start, at);
	ASSERT_EQ(0, gd_pread_all(disk_fd, buf, PART_PROBE,
				  part->start + part->len - PART_PROBE));
	at = gd_pattern_check(buf, PART_PROBE, part->len - PART_PROBE, seed);
	EXPECT_EQ(-1, at)
		TH_LOG("%s: last bytes not at its end on the disk (byte %ld differs)",
		       name, at);
	free(buf);
}

/* After the table is wiped and the disk rescanned, no partition is left. */
static void check_no_partitions(struct __test_metadata *_metadata,
				const struct gd_profile *p, unsigned int n,
				unsigned int wait_ms)
{
	char name[GD_NAME_MAX + 8], path[GD_STR_MAX + 64];
	unsigned int i;

	for (i = 0; i < n; i++) {
		gd_part_name(p->disk, i + 1, name, sizeof(name));
		snprintf(path, sizeof(path), "/dev/%s", name);
		EXPECT_TRUE(gd_wait_path(path, false, wait_ms))
			TH_LOG("%s is there", path);
		snprintf(path, sizeof(path), "/sys/block/%s/%s", p->disk, name);
		EXPECT_NE(0, access(path, F_OK)) TH_LOG("%s is there", path);
	}
}

enum table_kind { TABLE_MBR, TABLE_GPT };

static void check_table(struct __test_metadata *_metadata,
			const struct gd_profile *p, uint64_t size,
			unsigned int lbs, enum table_kind kind)
{
	struct gd_part parts[GD_PARTS_MAX];
	const unsigned int n = GD_PARTS_MAX;
	char name[GD_NAME_MAX + 8], node[GD_STR_MAX + 16];
	unsigned int i;
	int fd, part_fd, ret;

	ASSERT_TRUE(gd_parttable_layout(size, lbs, parts, n))
		TH_LOG("disk of %" PRIu64 " bytes too small for %u partitions",
		       size, n);
	fd = open(p->dev, O_RDWR | O_DIRECT | O_CLOEXEC);
	ASSERT_LE(0, fd) TH_LOG("open %s: %s", p->dev, strerror(errno));
	if (kind == TABLE_MBR)
		ret = gd_parttable_write_mbr(fd, size, lbs, parts, n);
	else
		ret = gd_parttable_write_gpt(fd, size, lbs, parts, n);
	ASSERT_EQ(0, ret) TH_LOG("writing the table: %s", strerror(-ret));
	ASSERT_EQ(0, ioctl(fd, BLKRRPART, 0))
		TH_LOG("BLKRRPART: %s", strerror(errno));

	for (i = 0; i < n; i++)
		check_partition(_metadata, p, lbs, fd, i, &parts[i]);

	/* No rescan under an open partition: it would vanish from under it. */
	gd_part_name(p->disk, 1, name, sizeof(name));
	snprintf(node, sizeof(node), "/dev/%s", name);
	part_fd = open(node, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, part_fd) TH_LOG("open %s: %s", node, strerror(errno));
	errno = 0;
	EXPECT_EQ(-1, ioctl(fd, BLKRRPART, 0))
		TH_LOG("BLKRRPART succeeded while %s is open", node);
	EXPECT_EQ(EBUSY, errno) TH_LOG("BLKRRPART with %s open: %s", node,
				       strerror(errno));
	close(part_fd);

	/* Cleanup is part of the test: the partitions must go. */
	ret = gd_parttable_wipe(fd, size, lbs);
	ASSERT_EQ(0, ret) TH_LOG("wiping the table: %s", strerror(-ret));
	ASSERT_EQ(0, ioctl(fd, BLKRRPART, 0))
		TH_LOG("BLKRRPART after the wipe: %s", strerror(errno));
	check_no_partitions(_metadata, p, n, PART_WAIT_MS);
	close(fd);
}

TEST_F(gendisk_partition, mbr_partitions)
{
	if (gd_profile_claim(self->prof.partitions) != 1)
		SKIP(return, "profile does not claim PARTITIONS=yes");
	check_table(_metadata, &self->prof, self->size, self->lbs, TABLE_MBR);
}

TEST_F(gendisk_partition, gpt_partitions)
{
	if (gd_profile_claim(self->prof.partitions) != 1)
		SKIP(return, "profile does not claim PARTITIONS=yes");
	check_table(_metadata, &self->prof, self->size, self->lbs, TABLE_GPT);
}

/*
 * A disk without partition support: the table is data like any other,
 * BLKRRPART is refused with EINVAL and no partition shows up.
 */
TEST_F(gendisk_partition, no_partitions_refused)
{
	struct gd_part parts[GD_PARTS_MAX];
	int fd, ret;

	if (gd_profile_claim(self->prof.partitions) != 0)
		SKIP(return, "profile does not claim PARTITIONS=no");
	ASSERT_TRUE(gd_parttable_layout(self->size, self->lbs, parts,
					GD_PARTS_MAX));
	fd = open(self->prof.dev, O_RDWR | O_DIRECT | O_CLOEXEC);
	ASSERT_LE(0, fd) TH_LOG("open %s: %s", self->prof.dev, strerror(errno));
	ret = gd_parttable_write_mbr(fd, self->size, self->lbs, parts,
				     GD_PARTS_MAX);
	ASSERT_EQ(0, ret) TH_LOG("writing the table: %s", strerror(-ret));
	errno = 0;
	EXPECT_EQ(-1, ioctl(fd, BLKRRPART, 0))
		TH_LOG("BLKRRPART succeeded on a disk without partitions");
	EXPECT_EQ(EINVAL, errno) TH_LOG("BLKRRPART: %s", strerror(errno));
	/* Give devtmpfs a moment to show a node that should not exist. */
	usleep(300 * 1000);
	check_no_partitions(_metadata, &self->prof, GD_PARTS_MAX, 0);
	EXPECT_EQ(0, gd_parttable_wipe(fd, self->size, self->lbs));
	close(fd);
}

int main(int argc, char **argv)
{
	gd_scale_test_timeouts();
	return test_harness_run(argc, argv);
}
