// SPDX-License-Identifier: GPL-2.0
/*
 * gendisk_io: data written to the disk is what is read back, everywhere
 * from the first to the last sector, through the page cache and with
 * O_DIRECT; I/O past the end is refused; the size ioctls agree with sysfs.
 *
 * Past the end, the block layer (block/fops.c) answers before the driver:
 * a read at or beyond the end returns 0 (end of file), a read crossing it
 * is cut short, a write at or beyond it fails with ENOSPC and a write
 * crossing it is cut short.  Those answers depend on the capacity the
 * driver set, which is what is checked here.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "gendisk_time.h"

#include "gendisk_blockio.h"
#include "gendisk_bringup.h"
#include "gendisk_module.h"
#include "gendisk_pattern.h"
#include "gendisk_profile.h"
#include "gendisk_sysfs.h"

FIXTURE(gendisk_io) {
	struct gd_profile prof;
	uint64_t size;		/* bytes, from sysfs */
	uint64_t lbs;		/* logical block size, from sysfs */
};

FIXTURE_SETUP(gendisk_io)
{
	char err[512];
	int ret;

	ret = gd_fixture_bringup(&self->prof, "gendisk_io", _metadata->name,
				 err, sizeof(err));
	if (ret == GD_LEFTOVER)
		SKIP(return, "%s", err);
	ASSERT_EQ(0, ret) TH_LOG("%s", err);
	/* A failed setup gets no teardown: this one unloads on failure. */
	ASSERT_EQ(0, gd_fixture_geometry(&self->prof, &self->size, &self->lbs,
					 err, sizeof(err)))
		TH_LOG("%s", err);
}

FIXTURE_TEARDOWN(gendisk_io)
{
	char err[512];

	EXPECT_EQ(0, gd_fixture_end(&self->prof, "gendisk_io", _metadata->name,
				    err, sizeof(err)))
		TH_LOG("%s", err);
}

static int open_disk(const struct gd_profile *p, int flags)
{
	return open(p->dev, flags | O_CLOEXEC);
}

TEST_F_TIMEOUT(gendisk_io, fresh_disk_reads_zero, 120)
{
	uint64_t bad = 0;
	int fd, ret;

	if (!gd_profile_has(&self->prof, "zeroed"))
		SKIP(return, "profile does not claim feature 'zeroed'");
	fd = open_disk(&self->prof, O_RDONLY | O_DIRECT);
	ASSERT_LE(0, fd) TH_LOG("open %s: %s", self->prof.dev, strerror(errno));
	ret = gd_pattern_verify_range(fd, 0, self->size, 0, &bad);
	EXPECT_EQ(0, ret)
		TH_LOG("ret %d (%s): non-zero byte at offset %" PRIu64,
		       ret, ret < 0 ? strerror(-ret) : "mismatch", bad);
	close(fd);
}

/* Buffered writes of the whole disk, checked with O_DIRECT reads. */
TEST_F_TIMEOUT(gendisk_io, whole_device_pattern, 120)
{
	uint64_t bad = 0;
	int wfd, rfd, ret;

	wfd = open_disk(&self->prof, O_WRONLY);
	ASSERT_LE(0, wfd) TH_LOG("open %s: %s", self->prof.dev, strerror(errno));
	ret = gd_pattern_write_range(wfd, 0, self->size, 0x5eed0001);
	ASSERT_EQ(0, ret) TH_LOG("write: %s", strerror(-ret));
	ASSERT_EQ(0, fsync(wfd)) TH_LOG("fsync: %s", strerror(errno));
	close(wfd);

	/* O_DIRECT reads go to the driver, not to the page cache. */
	rfd = open_disk(&self->prof, O_RDONLY | O_DIRECT);
	ASSERT_LE(0, rfd) TH_LOG("open O_DIRECT: %s", strerror(errno));
	ret = gd_pattern_verify_range(rfd, 0, self->size, 0x5eed0001, &bad);
	EXPECT_EQ(0, ret)
		TH_LOG("ret %d (%s) at offset %" PRIu64 " of %" PRIu64,
		       ret, ret < 0 ? strerror(-ret) : "wrong data", bad,
		       self->size);
	close(rfd);
}

/* O_DIRECT writes of the whole disk, checked through the page cache. */
TEST_F_TIMEOUT(gendisk_io, direct_write_buffered_read, 120)
{
	uint64_t bad = 0;
	int fd, ret;

	fd = open_disk(&self->prof, O_RDWR | O_DIRECT);
	ASSERT_LE(0, fd) TH_LOG("open O_DIRECT: %s", strerror(errno));
	ret = gd_pattern_write_range(fd, 0, self->size, 0x5eed0002);
	ASSERT_EQ(0, ret) TH_LOG("O_DIRECT write: %s", strerror(-ret));
	close(fd);

	fd = open_disk(&self->prof, O_RDONLY);
	ASSERT_LE(0, fd);
	/* Drop whatever the page cache holds so reads reach the driver. */
	ASSERT_EQ(0, ioctl(fd, BLKFLSBUF, 0))
		TH_LOG("BLKFLSBUF: %s", strerror(errno));
	ret = gd_pattern_verify_range(fd, 0, self->size, 0x5eed0002, &bad);
	EXPECT_EQ(0, ret)
		TH_LOG("ret %d (%s) at offset %" PRIu64,
		       ret, ret < 0 ? strerror(-ret) : "wrong data", bad);
	close(fd);
}

/*
 * The first and the last logical block take their own data and leave
 * their neighbours alone (off-by-one errors in the driver's sector
 * arithmetic show up here).
 */
TEST_F(gendisk_io, first_and_last_sector)
{
	const uint64_t edge = 4 * self->lbs;
	const uint64_t last = self->size - self->lbs;
	uint64_t bad = 0;
	void *buf;
	int fd;

	ASSERT_LE(2 * edge, self->size) TH_LOG("disk too small");
	buf = gd_io_alloc(self->lbs);
	ASSERT_NE(NULL, buf);
	fd = open_disk(&self->prof, O_RDWR | O_DIRECT);
	ASSERT_LE(0, fd) TH_LOG("open O_DIRECT: %s", strerror(errno));

	/* Background in the first and last four blocks... */
	ASSERT_EQ(0, gd_pattern_write_range(fd, 0, edge, 0xb0));
	ASSERT_EQ(0, gd_pattern_write_range(fd, self->size - edge, edge, 0xb0));
	/* ...then a different pattern in the very first and last block. */
	gd_pattern_fill(buf, self->lbs, 0, 0xf1);
	ASSERT_EQ(0, gd_pwrite_all(fd, buf, self->lbs, 0));
	gd_pattern_fill(buf, self->lbs, last, 0xf1);
	ASSERT_EQ(0, gd_pwrite_all(fd, buf, self->lbs, last))
		TH_LOG("writing the last block at %" PRIu64 " failed", last);

	EXPECT_EQ(0, gd_pattern_verify_range(fd, 0, self->lbs, 0xf1, &bad))
		TH_LOG("first block wrong at %" PRIu64, bad);
	EXPECT_EQ(0, gd_pattern_verify_range(fd, last, self->lbs, 0xf1, &bad))
		TH_LOG("last block wrong at %" PRIu64, bad);
	EXPECT_EQ(0, gd_pattern_verify_range(fd, self->lbs,
					     edge - self->lbs, 0xb0, &bad))
		TH_LOG("second block clobbered at %" PRIu64, bad);
	EXPECT_EQ(0, gd_pattern_verify_range(fd, self->size - edge,
					     edge - self->lbs, 0xb0, &bad))
		TH_LOG("next-to-last block clobbered at %" PRIu64, bad);
	close(fd);
	free(buf);
}

TEST_F(gendisk_io, read_past_end)
{
	char *buf = gd_io_alloc(2 * self->lbs);
	int fd;

	ASSERT_NE(NULL, buf);
	fd = open_disk(&self->prof, O_RDONLY);
	ASSERT_LE(0, fd);
	EXPECT_EQ((off_t)self->size, lseek(fd, 0, SEEK_END));
	EXPECT_EQ(0, pread(fd, buf, self->lbs, self->size))
		TH_LOG("a read at the end must return 0 (end of file)");
	EXPECT_EQ(0, pread(fd, buf, self->lbs, self->size + 1024 * 1024));
	EXPECT_EQ((ssize_t)self->lbs,
		  pread(fd, buf, 2 * self->lbs, self->size - self->lbs))
		TH_LOG("a read crossing the end must stop at the end");
	close(fd);

	fd = open_disk(&self->prof, O_RDONLY | O_DIRECT);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, pread(fd, buf, self->lbs, self->size));
	EXPECT_EQ((ssize_t)self->lbs,
		  pread(fd, buf, 2 * self->lbs, self->size - self->lbs));
	close(fd);
	free(buf);
}

TEST_F(gendisk_io, write_past_end)
{
	char *buf = gd_io_alloc(2 * self->lbs);
	uint64_t bad = 0;
	int fd;

	ASSERT_NE(NULL, buf);
	memset(buf, 0xa5, 2 * self->lbs);
	fd = open_disk(&self->prof, O_WRONLY);
	ASSERT_LE(0, fd);
	errno = 0;
	EXPECT_EQ(-1, pwrite(fd, buf, self->lbs, self->size));
	EXPECT_EQ(ENOSPC, errno) TH_LOG("errno %d (%s)", errno, strerror(errno));
	errno = 0;
	EXPECT_EQ(-1, pwrite(fd, buf, self->lbs, self->size + 4096));
	EXPECT_EQ(ENOSPC, errno);
	close(fd);

	fd = open_disk(&self->prof, O_RDWR | O_DIRECT);
	ASSERT_LE(0, fd);
	errno = 0;
	EXPECT_EQ(-1, pwrite(fd, buf, self->lbs, self->size));
	EXPECT_EQ(ENOSPC, errno) TH_LOG("O_DIRECT: errno %d (%s)",
					errno, strerror(errno));
	/* Crossing the end: only the part inside the disk is written. */
	gd_pattern_fill(buf, 2 * self->lbs, self->size - self->lbs, 0xe0);
	EXPECT_EQ((ssize_t)self->lbs,
		  pwrite(fd, buf, 2 * self->lbs, self->size - self->lbs));
	EXPECT_EQ(0, gd_pattern_verify_range(fd, self->size - self->lbs,
					     self->lbs, 0xe0, &bad))
		TH_LOG("last block wrong at %" PRIu64, bad);
	close(fd);
	free(buf);
}

TEST_F(gendisk_io, misaligned_direct_io_rejected)
{
	char *buf = gd_io_alloc(2 * self->lbs);
	int fd;

	ASSERT_NE(NULL, buf);
	fd = open_disk(&self->prof, O_RDONLY | O_DIRECT);
	ASSERT_LE(0, fd);
	/* Half a logical block off: the block layer must refuse it. */
	errno = 0;
	EXPECT_EQ(-1, pread(fd, buf, self->lbs, self->lbs / 2));
	EXPECT_EQ(EINVAL, errno) TH_LOG("errno %d (%s)", errno, strerror(errno));
	errno = 0;
	EXPECT_EQ(-1, pread(fd, buf, self->lbs / 2, 0));
	EXPECT_EQ(EINVAL, errno);
	close(fd);
	free(buf);
}

TEST_F(gendisk_io, size_ioctls_match_sysfs)
{
	uint64_t pbs, bytes = 0;
	unsigned long sectors = 0;
	unsigned int pbsz = 0;
	int ssz = 0;
	int fd;

	ASSERT_EQ(0, gd_sysfs_u64(self->prof.disk, "queue/physical_block_size",
				  &pbs));
	fd = open_disk(&self->prof, O_RDONLY);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, ioctl(fd, BLKGETSIZE64, &bytes))
		TH_LOG("BLKGETSIZE64: %s", strerror(errno));
	EXPECT_EQ(self->size, bytes);
	ASSERT_EQ(0, ioctl(fd, BLKGETSIZE, &sectors));
	EXPECT_EQ(self->size / 512, sectors);
	ASSERT_EQ(0, ioctl(fd, BLKSSZGET, &ssz))
		TH_LOG("BLKSSZGET: %s", strerror(errno));
	EXPECT_EQ(self->lbs, (uint64_t)ssz);
	ASSERT_EQ(0, ioctl(fd, BLKPBSZGET, &pbsz));
	EXPECT_EQ(pbs, (uint64_t)pbsz);
	EXPECT_EQ((off_t)bytes, lseek(fd, 0, SEEK_END));
	close(fd);
}

#define GD_SLOTS 64
#define GD_SLOT_MAX (64 * 1024)

/*
 * Writes of random sizes at random aligned offsets, in random order,
 * through the page cache and with O_DIRECT in turn; each lands in its own
 * slot with its own seed, so a lost, misplaced or torn write shows.  All
 * are checked while open, then again after close, reopen and a flushed
 * page cache (the data must come from the driver).
 */
TEST_F_TIMEOUT(gendisk_io, random_offsets_verified, 120)
{
	uint64_t slot = self->size / GD_SLOTS, off[GD_SLOTS], len[GD_SLOTS];
	unsigned int order[GD_SLOTS], i, seed = 20261203;
	uint64_t bad = 0;
	int fds[2], fd, ret;

	slot -= slot % self->lbs;
	if (slot > GD_SLOT_MAX)
		slot = GD_SLOT_MAX;
	if (slot < self->lbs) {
		char found[64], need[64];

		gd_format_bytes(self->size, found, sizeof(found));
		gd_format_bytes(GD_SLOTS * self->lbs, need, sizeof(need));
		SKIP(return, "%s is %s; %d slots of a logical block need at least %s: give the profile a larger disk (PARAMS)",
		     self->prof.disk, found, GD_SLOTS, need);
	}
	for (i = 0; i < GD_SLOTS; i++)
		order[i] = i;
	for (i = GD_SLOTS - 1; i > 0; i--) {
		unsigned int j = rand_r(&seed) % (i + 1), t = order[i];

		order[i] = order[j];
		order[j] = t;
	}
	fds[0] = open_disk(&self->prof, O_RDWR);
	ASSERT_LE(0, fds[0]) TH_LOG("open: %s", strerror(errno));
	fds[1] = open_disk(&self->prof, O_RDWR | O_DIRECT);
	ASSERT_LE(0, fds[1]) TH_LOG("open O_DIRECT: %s", strerror(errno));
	for (i = 0; i < GD_SLOTS; i++) {
		unsigned int s = order[i];
		uint64_t blocks = slot / self->lbs;
		uint64_t first = rand_r(&seed) % blocks;

		len[s] = (1 + rand_r(&seed) % (blocks - first)) * self->lbs;
		/* the slots are spread over the whole disk */
		off[s] = s * (self->size / GD_SLOTS);
		off[s] -= off[s] % self->lbs;
		off[s] += first * self->lbs;
		ret = gd_pattern_write_range(fds[i % 2], off[s], len[s],
					     0xa110c + s);
		ASSERT_EQ(0, ret)
			TH_LOG("%s write of %" PRIu64 " bytes at %" PRIu64
			       ": %s", i % 2 ? "O_DIRECT" : "buffered",
			       len[s], off[s], strerror(-ret));
	}
	ASSERT_EQ(0, fsync(fds[0])) TH_LOG("fsync: %s", strerror(errno));
	for (i = 0; i < GD_SLOTS; i++) {
		ret = gd_pattern_verify_range(fds[0], off[i], len[i],
					      0xa110c + i, &bad);
		EXPECT_EQ(0, ret)
			TH_LOG("slot %u (%" PRIu64 " bytes at %" PRIu64
			       "): wrong at %" PRIu64, i, len[i], off[i], bad);
	}
	close(fds[0]);
	close(fds[1]);

	fd = open_disk(&self->prof, O_RDONLY);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, ioctl(fd, BLKFLSBUF, 0))
		TH_LOG("BLKFLSBUF: %s", strerror(errno));
	for (i = 0; i < GD_SLOTS; i++) {
		ret = gd_pattern_verify_range(fd, off[i], len[i], 0xa110c + i,
					      &bad);
		EXPECT_EQ(0, ret)
			TH_LOG("after reopen, slot %u (%" PRIu64 " bytes at %"
			       PRIu64 "): wrong at %" PRIu64, i, len[i],
			       off[i], bad);
	}
	close(fd);
}

/*
 * Two processes write disjoint halves of the disk's first 16 MiB at the
 * same time, one through the page cache (then fsync), one with O_DIRECT;
 * afterwards each half holds its writer's data.
 */
TEST_F_TIMEOUT(gendisk_io, concurrent_disjoint_writers, 120)
{
	uint64_t span = self->size < (16 << 20) ? self->size : (16 << 20);
	uint64_t half, bad = 0;
	pid_t pid[2];
	int k, fd, status, ret;

	half = span / 2;
	half -= half % self->lbs;
	ASSERT_LE(self->lbs, half) TH_LOG("disk too small");
	for (k = 0; k < 2; k++) {
		pid[k] = fork();
		ASSERT_LE(0, pid[k]) TH_LOG("fork: %s", strerror(errno));
		if (pid[k] == 0) {
			int cfd = open_disk(&self->prof,
					    k ? O_RDWR | O_DIRECT : O_RDWR);

			if (cfd < 0 ||
			    gd_pattern_write_range(cfd, k * half, half,
						   0xc0c0 + k) ||
			    fsync(cfd))
				_exit(1);
			_exit(0);
		}
	}
	for (k = 0; k < 2; k++) {
		ASSERT_EQ(pid[k], waitpid(pid[k], &status, 0));
		EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
			TH_LOG("writer %d (%s) failed (status 0x%x)", k,
			       k ? "O_DIRECT" : "buffered", status);
	}
	fd = open_disk(&self->prof, O_RDONLY | O_DIRECT);
	ASSERT_LE(0, fd) TH_LOG("open O_DIRECT: %s", strerror(errno));
	for (k = 0; k < 2; k++) {
		ret = gd_pattern_verify_range(fd, k * half, half, 0xc0c0 + k,
					      &bad);
		EXPECT_EQ(0, ret)
			TH_LOG("half %d wrong at offset %" PRIu64, k, bad);
	}
	close(fd);
}

int main(int argc, char **argv)
{
	gd_scale_test_timeouts();
	return test_harness_run(argc, argv);
}
