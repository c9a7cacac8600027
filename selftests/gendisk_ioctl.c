// SPDX-License-Identifier: GPL-2.0
/*
 * gendisk_ioctl: the block ioctls that change or drop data, and the
 * answers to bad ones.  BLKDISCARD, BLKZEROOUT and BLKSECDISCARD do what
 * the profile claims (DISCARD=no|yes|zeroes, WRITE_ZEROES=, SECURE_ERASE=)
 * or fail with EOPNOTSUPP, and the queue limits in sysfs say the same;
 * BLKZEROOUT zeroes exactly its range on any disk (the block layer
 * writes zeroes itself where the driver has no REQ_OP_WRITE_ZEROES);
 * BLKFLSBUF writes back and drops the page cache; HDIO_GETGEO answers
 * where the driver has ->getgeo (GETGEO=) and is ENOTTY elsewhere; an
 * unknown ioctl gets ENOTTY or EINVAL; NULL pointers get EFAULT, ranges
 * past the end or off the block size EINVAL, a read-only open EBADF.
 * Any kernel report during a test fails it (gdc-test markers).
 *
 * The answers are block/ioctl.c's (blk_ioctl_discard(),
 * blk_ioctl_zeroout(), blk_ioctl_secure_erase(), blkdev_getgeo()), 6.1
 * and 6.12.  One order differs: 6.12 copies the BLKDISCARD range from
 * user space before it checks for discard support, 6.1 after, so a NULL
 * range on a disk without discard is EFAULT on 6.12 and EOPNOTSUPP on
 * 6.1; both are accepted there.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/fs.h>
#include <linux/hdreg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "gendisk_time.h"

#include "gendisk_blockio.h"
#include "gendisk_bringup.h"
#include "gendisk_module.h"
#include "gendisk_pattern.h"
#include "gendisk_profile.h"
#include "gendisk_sysfs.h"

/* The range the data-changing ioctls work on, inside a prepared area. */
#define AREA_BYTES (2 * 1024 * 1024)
#define RANGE_START (256 * 1024)
#define RANGE_BYTES (1024 * 1024)

FIXTURE(gendisk_ioctl) {
	struct gd_profile prof;
	uint64_t size;		/* bytes, from sysfs */
	uint64_t lbs;		/* logical block size, from sysfs */
	int fd;			/* the disk, O_RDWR */
};

FIXTURE_SETUP(gendisk_ioctl)
{
	char err[512];
	int ret;

	self->fd = -1;
	ret = gd_fixture_bringup(&self->prof, "gendisk_ioctl", _metadata->name,
				 err, sizeof(err));
	if (ret == GD_LEFTOVER)
		SKIP(return, "%s", err);
	ASSERT_EQ(0, ret) TH_LOG("%s", err);
	ASSERT_EQ(0, gd_fixture_geometry(&self->prof, &self->size, &self->lbs,
					 err, sizeof(err)))
		TH_LOG("%s", err);
	/* Every test works in the first AREA_BYTES: a smaller disk SKIPs. */
	if (gd_fixture_min_size(&self->prof, self->size, AREA_BYTES,
				"gendisk_ioctl", _metadata->name,
				"gendisk_ioctl", err, sizeof(err)))
		SKIP(return, "%s", err);
	self->fd = open(self->prof.dev, O_RDWR | O_CLOEXEC);
	if (self->fd < 0) {
		int e = errno;

		/* The disk is not open: the unload works. */
		gd_bringup_remove(&self->prof, NULL, 0);
		ASSERT_LE(0, self->fd) TH_LOG("open %s: %s", self->prof.dev,
					      strerror(e));
	}
}

FIXTURE_TEARDOWN(gendisk_ioctl)
{
	char err[512];

	if (self->fd >= 0)
		close(self->fd);
	EXPECT_EQ(0, gd_fixture_end(&self->prof, "gendisk_ioctl", _metadata->name,
				    err, sizeof(err)))
		TH_LOG("%s", err);
}

/* ioctl() as 0 or -errno, for EXPECT_EQ(-EINVAL, ...). */
static int xioctl(int fd, unsigned long cmd, void *arg)
{
	return ioctl(fd, cmd, arg) ? -errno : 0;
}

static int range_ioctl(int fd, unsigned long cmd, uint64_t start,
		       uint64_t len)
{
	uint64_t range[2] = { start, len };

	return xioctl(fd, cmd, range);
}

/* Pattern over the area, through O_DIRECT (the driver, not the cache). */
static int fill_area(const struct gd_profile *p, uint32_t seed)
{
	int fd, ret;

	fd = open(p->dev, O_RDWR | O_DIRECT | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = gd_pattern_write_range(fd, 0, AREA_BYTES, seed);
	close(fd);
	return ret;
}

/*
 * Read the area back with O_DIRECT: [RANGE_START, +RANGE_BYTES) must be
 * zero, the rest must still hold the pattern.
 */
static void expect_range_zeroed(struct __test_metadata *_metadata,
				const struct gd_profile *p, uint32_t seed,
				const char *what)
{
	const uint64_t end = RANGE_START + RANGE_BYTES;
	uint64_t bad = 0;
	int fd, ret;

	fd = open(p->dev, O_RDONLY | O_DIRECT | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ret = gd_pattern_verify_range(fd, RANGE_START, RANGE_BYTES, 0, &bad);
	EXPECT_EQ(0, ret) TH_LOG("after %s: non-zero at %" PRIu64 " (ret %d)",
				 what, bad, ret);
	ret = gd_pattern_verify_range(fd, 0, RANGE_START, seed, &bad);
	EXPECT_EQ(0, ret) TH_LOG("after %s: data before the range changed at %"
				 PRIu64, what, bad);
	ret = gd_pattern_verify_range(fd, end, AREA_BYTES - end, seed, &bad);
	EXPECT_EQ(0, ret) TH_LOG("after %s: data after the range changed at %"
				 PRIu64, what, bad);
	close(fd);
}

static uint64_t queue_limit(const struct gd_profile *p, const char *attr)
{
	uint64_t v = 0;
	char path[64];

	snprintf(path, sizeof(path), "queue/%s", attr);
	if (gd_sysfs_u64(p->disk, path, &v))
		return UINT64_MAX;
	return v;
}

TEST_F(gendisk_ioctl, discard_as_profiled)
{
	int claim = gd_profile_claim(self->prof.discard);
	uint64_t max = queue_limit(&self->prof, "discard_max_bytes");
	int ret;

	if (claim < 0)
		SKIP(return, "profile sets no DISCARD");
	ASSERT_NE(UINT64_MAX, max) TH_LOG("queue/discard_max_bytes unreadable");
	ASSERT_EQ(0, fill_area(&self->prof, 0xd15c0001));
	ret = range_ioctl(self->fd, BLKDISCARD, RANGE_START, RANGE_BYTES);
	if (!claim) {
		EXPECT_EQ(0, max) TH_LOG("DISCARD=no but discard_max_bytes %"
					 PRIu64, max);
		EXPECT_EQ(-EOPNOTSUPP, ret)
			TH_LOG("BLKDISCARD without discard: %s",
			       ret ? strerror(-ret) : "success");
		/* 6.1 answers before it reads the range, 6.12 after. */
		ret = xioctl(self->fd, BLKDISCARD, NULL);
		EXPECT_TRUE(ret == -EFAULT || ret == -EOPNOTSUPP)
			TH_LOG("BLKDISCARD(NULL): %s",
			       ret ? strerror(-ret) : "success");
		return;
	}
	EXPECT_LT(0, max) TH_LOG("DISCARD claimed but discard_max_bytes is 0");
	EXPECT_EQ(0, ret) TH_LOG("BLKDISCARD: %s", strerror(-ret));
	if (!strcmp(self->prof.discard, "zeroes"))
		expect_range_zeroed(_metadata, &self->prof, 0xd15c0001,
				    "BLKDISCARD");
}

TEST_F(gendisk_ioctl, discard_bad_ranges)
{
	const uint64_t past = self->size - self->lbs;
	int ret;

	if (gd_profile_claim(self->prof.discard) != 1)
		SKIP(return, "profile does not claim DISCARD");
	EXPECT_EQ(-EINVAL, range_ioctl(self->fd, BLKDISCARD, past,
				       2 * self->lbs)) TH_LOG("across the end");
	EXPECT_EQ(-EINVAL, range_ioctl(self->fd, BLKDISCARD, self->size,
				       self->lbs)) TH_LOG("at the end");
	EXPECT_EQ(-EINVAL, range_ioctl(self->fd, BLKDISCARD, 256,
				       self->lbs)) TH_LOG("start not aligned");
	EXPECT_EQ(-EINVAL, range_ioctl(self->fd, BLKDISCARD, 0, 256))
		TH_LOG("length not aligned");
	EXPECT_EQ(-EINVAL, range_ioctl(self->fd, BLKDISCARD, 0, UINT64_MAX &
				       ~(self->lbs - 1))) TH_LOG("overflow");
	ret = xioctl(self->fd, BLKDISCARD, NULL);
	EXPECT_EQ(-EFAULT, ret) TH_LOG("NULL range: %s", strerror(-ret));
}

TEST_F(gendisk_ioctl, zeroout_zeroes_its_range)
{
	int claim = gd_profile_claim(self->prof.write_zeroes);
	uint64_t max = queue_limit(&self->prof, "write_zeroes_max_bytes");
	int ret;

	ASSERT_NE(UINT64_MAX, max);
	if (claim == 1) {
		EXPECT_LT(0, max)
			TH_LOG("WRITE_ZEROES claimed, write_zeroes_max_bytes 0");
	} else if (claim == 0) {
		EXPECT_EQ(0, max)
			TH_LOG("WRITE_ZEROES=no, write_zeroes_max_bytes %"
			       PRIu64, max);
	}
	ASSERT_EQ(0, fill_area(&self->prof, 0x2e400001));
	ret = range_ioctl(self->fd, BLKZEROOUT, RANGE_START, RANGE_BYTES);
	ASSERT_EQ(0, ret) TH_LOG("BLKZEROOUT: %s", strerror(-ret));
	expect_range_zeroed(_metadata, &self->prof, 0x2e400001, "BLKZEROOUT");
}

/* BLKZEROOUT through the page cache: cached data must not survive it. */
TEST_F(gendisk_ioctl, zeroout_drops_cached_data)
{
	char *buf = gd_io_alloc(RANGE_BYTES);
	uint64_t bad = 0;
	int ret;

	ASSERT_NE(NULL, buf);
	gd_pattern_fill(buf, RANGE_BYTES, RANGE_START, 0x2e400002);
	ASSERT_EQ(0, gd_pwrite_all(self->fd, buf, RANGE_BYTES, RANGE_START));
	ret = range_ioctl(self->fd, BLKZEROOUT, RANGE_START, RANGE_BYTES);
	ASSERT_EQ(0, ret) TH_LOG("BLKZEROOUT: %s", strerror(-ret));
	ret = gd_pattern_verify_range(self->fd, RANGE_START, RANGE_BYTES, 0,
				      &bad);
	EXPECT_EQ(0, ret) TH_LOG("buffered read after BLKZEROOUT: data at %"
				 PRIu64, bad);
	free(buf);
}

TEST_F(gendisk_ioctl, zeroout_bad_arguments)
{
	const uint64_t past = self->size - self->lbs;
	int ro, ret;

	EXPECT_EQ(-EINVAL, range_ioctl(self->fd, BLKZEROOUT, past,
				       2 * self->lbs)) TH_LOG("across the end");
	EXPECT_EQ(-EINVAL, range_ioctl(self->fd, BLKZEROOUT, self->size,
				       self->lbs)) TH_LOG("at the end");
	EXPECT_EQ(-EINVAL, range_ioctl(self->fd, BLKZEROOUT, 256, self->lbs))
		TH_LOG("start not aligned");
	EXPECT_EQ(-EINVAL, range_ioctl(self->fd, BLKZEROOUT, 0, 256))
		TH_LOG("length not aligned");
	EXPECT_EQ(-EINVAL, range_ioctl(self->fd, BLKZEROOUT, self->lbs,
				       UINT64_MAX & ~511ULL))
		TH_LOG("wrapping range");
	ret = xioctl(self->fd, BLKZEROOUT, NULL);
	EXPECT_EQ(-EFAULT, ret) TH_LOG("NULL range: %s", strerror(-ret));
	ro = open(self->prof.dev, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, ro);
	EXPECT_EQ(-EBADF, range_ioctl(ro, BLKZEROOUT, 0, self->lbs))
		TH_LOG("BLKZEROOUT on a read-only open");
	EXPECT_EQ(-EBADF, range_ioctl(ro, BLKSECDISCARD, 0, self->lbs))
		TH_LOG("BLKSECDISCARD on a read-only open");
	close(ro);
}

TEST_F(gendisk_ioctl, secure_erase_as_profiled)
{
	int claim = gd_profile_claim(self->prof.secure_erase);
	int ret;

	if (claim < 0)
		SKIP(return, "profile sets no SECURE_ERASE");
	ret = range_ioctl(self->fd, BLKSECDISCARD, RANGE_START, RANGE_BYTES);
	if (claim) {
		EXPECT_EQ(0, ret) TH_LOG("BLKSECDISCARD: %s", strerror(-ret));
	} else {
		EXPECT_EQ(-EOPNOTSUPP, ret)
			TH_LOG("BLKSECDISCARD without secure erase: %s",
			       ret ? strerror(-ret) : "success");
	}
}

/* Dirty page-cache data reaches the driver with BLKFLSBUF, no fsync. */
TEST_F(gendisk_ioctl, flsbuf_writes_back)
{
	char *buf = gd_io_alloc(RANGE_BYTES);
	uint64_t bad = 0;
	int dfd, ret;

	ASSERT_NE(NULL, buf);
	gd_pattern_fill(buf, RANGE_BYTES, 0, 0xf15b0001);
	ASSERT_EQ(0, gd_pwrite_all(self->fd, buf, RANGE_BYTES, 0));
	ASSERT_EQ(0, xioctl(self->fd, BLKFLSBUF, NULL))
		TH_LOG("BLKFLSBUF: %s", strerror(errno));
	dfd = open(self->prof.dev, O_RDONLY | O_DIRECT | O_CLOEXEC);
	ASSERT_LE(0, dfd);
	ret = gd_pattern_verify_range(dfd, 0, RANGE_BYTES, 0xf15b0001, &bad);
	EXPECT_EQ(0, ret) TH_LOG("O_DIRECT after BLKFLSBUF: wrong at %" PRIu64,
				 bad);
	close(dfd);
	free(buf);
}

TEST_F(gendisk_ioctl, getgeo_as_profiled)
{
	int claim = gd_profile_claim(self->prof.getgeo);
	struct hd_geometry geo;
	int ret;

	if (claim < 0)
		SKIP(return, "profile sets no GETGEO");
	memset(&geo, 0xff, sizeof(geo));
	ret = xioctl(self->fd, HDIO_GETGEO, &geo);
	if (!claim) {
		EXPECT_TRUE(ret == -ENOTTY || ret == -EINVAL)
			TH_LOG("HDIO_GETGEO without ->getgeo: %s",
			       ret ? strerror(-ret) : "success");
		return;
	}
	ASSERT_EQ(0, ret) TH_LOG("HDIO_GETGEO: %s", strerror(-ret));
	EXPECT_EQ(0, geo.start) TH_LOG("a whole disk starts at 0");
	EXPECT_LT(0, geo.heads);
	EXPECT_LT(0, geo.sectors);
	/* cylinders is 16 bits: it may be clipped, never larger. */
	EXPECT_GE(self->size / 512 / geo.heads / geo.sectors + 1,
		  (uint64_t)geo.cylinders)
		TH_LOG("%u/%u/%u describes more than the disk",
		       geo.cylinders, geo.heads, geo.sectors);
	EXPECT_EQ(-EINVAL, xioctl(self->fd, HDIO_GETGEO, NULL))
		TH_LOG("HDIO_GETGEO with NULL");
}

TEST_F(gendisk_ioctl, unknown_ioctl_rejected)
{
	/* Unused numbers: one of block's own type 0x12, one of none. */
	const unsigned long cmds[] = { _IO(0x12, 0xf7), _IO(0xe7, 0x4d),
				       _IOR(0x12, 0xf8, uint64_t) };
	uint64_t arg = 0;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		int ret = xioctl(self->fd, cmds[i], &arg);

		EXPECT_TRUE(ret == -ENOTTY || ret == -EINVAL)
			TH_LOG("ioctl %#lx: %s", cmds[i],
			       ret ? strerror(-ret) : "success");
	}
}

/* NULL where the ioctl writes its answer: EFAULT, never an oops. */
TEST_F(gendisk_ioctl, null_pointers_fault)
{
	const struct {
		unsigned long cmd;
		const char *name;
	} cmds[] = {
		{ BLKGETSIZE64, "BLKGETSIZE64" }, { BLKGETSIZE, "BLKGETSIZE" },
		{ BLKSSZGET, "BLKSSZGET" }, { BLKPBSZGET, "BLKPBSZGET" },
		{ BLKROGET, "BLKROGET" }, { BLKROSET, "BLKROSET" },
		{ BLKIOMIN, "BLKIOMIN" }, { BLKIOOPT, "BLKIOOPT" },
		{ BLKALIGNOFF, "BLKALIGNOFF" }, { BLKSECTGET, "BLKSECTGET" },
		{ BLKROTATIONAL, "BLKROTATIONAL" }, { BLKBSZGET, "BLKBSZGET" },
	};
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		ret = xioctl(self->fd, cmds[i].cmd, NULL);
		EXPECT_EQ(-EFAULT, ret) TH_LOG("%s(NULL): %s", cmds[i].name,
					       ret ? strerror(-ret) : "success");
	}
	/* The disk still works and is still writable. */
	ret = 0;
	EXPECT_EQ(0, xioctl(self->fd, BLKROGET, &ret));
	EXPECT_EQ(0, ret) TH_LOG("BLKROSET(NULL) left the disk read-only");
}

int main(int argc, char **argv)
{
	gd_scale_test_timeouts();
	return test_harness_run(argc, argv);
}
