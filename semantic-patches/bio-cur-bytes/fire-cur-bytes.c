// SPDX-License-Identifier: GPL-2.0
/*
 * bio-cur-bytes: bio_cur_bytes() on a bio and on a bio reached through
 * a structure becomes bio_iovec(...).bv_len.
 * gendisk-cocci: legacy input (uses API removed before 6.1); only the .res
 * is compiled.
 */
#include <linux/module.h>
#include <linux/bio.h>

struct fx_req {
	struct bio *bio;
};

unsigned int fx_walk(struct bio *bio, struct fx_req *req);
unsigned int fx_walk(struct bio *bio, struct fx_req *req)
{
	unsigned int done = 0;
	sector_t sector = bio->bi_iter.bi_sector;

	done += bio_cur_bytes(bio);
	sector += bio_cur_bytes(bio) >> SECTOR_SHIFT;
	done += bio_cur_bytes(req->bio) / SECTOR_SIZE;
	return done + (unsigned int)sector;
}
