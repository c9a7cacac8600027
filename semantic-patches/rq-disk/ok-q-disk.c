// SPDX-License-Identifier: GPL-2.0
/*
 * rq-disk: a driver already on rq->q->disk; nothing changes.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static blk_status_t ry_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	struct request *rq = bd->rq;

	blk_mq_start_request(rq);
	if (!rq->q->disk->private_data)
		return BLK_STS_IOERR;
	blk_mq_end_request(rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops ry_mq_ops = {
	.queue_rq	= ry_queue_rq,
};

const struct blk_mq_ops *ry_ops(void);
const struct blk_mq_ops *ry_ops(void)
{
	return &ry_mq_ops;
}

MODULE_LICENSE("GPL");
