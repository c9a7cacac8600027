// SPDX-License-Identifier: GPL-2.0
/*
 * bio-bdev: a pre-3.14 bio loop reads the bio's position from the bio
 * itself (bio->bi_sector, bi_size, bi_idx); 3.14 moved them into
 * bio->bi_iter, a struct bvec_iter with the same member names and
 * types.  it_span() walks a struct bvec_iter of its own: its members
 * are no bio's and stay.
 * gendisk-cocci: legacy input (bio->bi_sector is gone since 3.14).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/bio.h>

static sector_t it_span(struct bvec_iter *iter)
{
	return iter->bi_sector + (iter->bi_size >> SECTOR_SHIFT);
}

static sector_t it_xfer(struct bio *bio, unsigned short first)
{
	sector_t start = bio->bi_sector;
	unsigned int bytes = bio->bi_size;

	bio->bi_idx = first;
	return start + (bytes >> SECTOR_SHIFT) + it_span(&bio->bi_iter);
}

sector_t it_submit(struct bio *bio);
sector_t it_submit(struct bio *bio)
{
	return it_xfer(bio, 0);
}

MODULE_LICENSE("GPL");
