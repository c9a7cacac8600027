// SPDX-License-Identifier: GPL-2.0
/*
 * gdvirtio - reference blk-mq virtio block driver for gendisk-check.
 *
 * This module is written to be copied.  It is the request-based (blk-mq)
 * counterpart of ../ram/gdram.c: a driver for a real device, the virtio
 * block device (virtio device id 2, what QEMU's virtio-blk-pci is), that
 * shows the gendisk lifecycle of a blk-mq driver in the order the block
 * layer needs.  It speaks virtio_blk's wire format
 * (<uapi/linux/virtio_blk.h>) over one virtqueue; it is deliberately much
 * smaller than drivers/block/virtio_blk.c (no multiqueue, polling, zoned,
 * secure erase, suspend), which it follows wherever it does the same
 * thing.  Discard and write zeroes are passed to the device when it
 * offers them (QEMU's virtio-blk does): gdv_setup_ranges().
 *
 *   probe, per device (nothing visible yet):
 *     1. private data, a disk index (IDA)          gdv_probe()
 *     2. the virtqueue (virtio_find_single_vq)
 *     3. limits from the device's config space     gdv_read_limits()
 *     4. the tag set: blk_mq_alloc_tag_set()
 *     5. the gendisk + request queue              gdv_alloc_disk()
 *        (blk_mq_alloc_disk(), see gdvirtio_compat.h)
 *     6. fill it in: fops (with .owner), dynamic dev_t, disk_name,
 *        read-only, capacity
 *     7. virtio_device_ready(): the device may now be driven - before
 *        add_disk(), whose partition scan already reads the disk
 *     8. device_add_disk() with the virtio device as parent, result checked
 *     on failure: unwind in reverse; a disk that was never added gets
 *     put_disk() only, and that BEFORE blk_mq_free_tag_set()
 *
 *   remove, per device (the device going away or the module unloading):
 *     flush the config work, del_gendisk() (drains all I/O through a
 *     still-working device), reset the device, delete the virtqueue,
 *     put_disk(), blk_mq_free_tag_set(), free the private data.  A
 *     device already gone (surprise removal, broken virtqueue) first
 *     gets its unfinished requests failed: gdv_fail_inflight().
 *
 *   config change (the host resized the disk): the virtio core calls
 *     gdv_config_changed(), possibly from interrupt context; a work item
 *     re-reads the capacity and calls set_capacity_and_notify().
 *
 * Tag set vs. disk (docs/gendisk-api.md §2.3, §2.4, §3b): put_disk() of a
 * never-added blk-mq disk runs blk_mq_exit_queue(), which uses the tag
 * set, so on probe errors the order is put_disk() then
 * blk_mq_free_tag_set().  Once the disk was added, del_gendisk() already
 * exits the queue and both orders are valid (virtio_blk frees the tag set
 * before put_disk(), null_blk after); gdvirtio uses the same order on
 * both paths, del_gendisk -> put_disk -> tag set, so there is one rule to
 * remember and it is never wrong.
 *
 * Line references "virtio_blk.c:N (6.1), :M (6.12)" are to
 * drivers/block/virtio_blk.c of Linux 6.1.192 and 6.12.118.
 *
 * Binding: no MODULE_DEVICE_TABLE, on purpose.  With one, udev would
 * autoload gdvirtio for every virtio disk next to virtio_blk, and
 * whichever module registered first would take the disk.  gdvirtio is
 * loaded by hand, on a machine where virtio_blk is not loaded (the test
 * VMs never load it), and then binds every virtio block device present.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/idr.h>
#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/module.h>
#include <linux/overflow.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/virtio.h>
#include <linux/virtio_blk.h>
#include <linux/virtio_config.h>
#include <linux/virtio_ring.h>
#include <linux/workqueue.h>

#include "gdvirtio_compat.h"

/*
 * Upper bound of scatter-gather entries per request.  The device may
 * accept more (QEMU offers seg_max = queue size - 2 = 254); each request
 * carries its table in its PDU, so the bound keeps the per-request memory
 * at 128 * sizeof(struct scatterlist) = 4 KiB.
 */
#define GDV_MAX_SEGMENTS	128U

/*
 * Upper bound of ranges per discard request (the device states its own,
 * max_discard_seg).  Each range is a 16-byte struct
 * virtio_blk_discard_write_zeroes, so a request's range table is at most
 * 256 * 16 = 4 KiB: one kmalloc() that never crosses a page, as the
 * single special_vec that carries it must not.  virtio_blk has the same
 * bound (MAX_DISCARD_SEGMENTS).
 */
#define GDV_MAX_DISCARD_SEGMENTS	256U

static DEFINE_IDA(gdv_index_ida);

/**
 * struct gdvirtio - one virtio block device
 * @vdev: the virtio device; vdev->priv points back here
 * @vq: the one virtqueue, requests and completions
 * @vq_lock: serialises the virtqueue between queue_rq (several CPUs may
 *	dispatch to the single hardware queue at once) and the completion
 *	callback
 * @tag_set: blk-mq tag set; outlives the disk's queue
 * @disk: the gendisk; put in gdv_remove()
 * @config_work: re-reads the capacity after a config change
 * @index: N of gdvirtioN, from gdv_index_ida
 * @wz_may_unmap: the device may deallocate a range it writes zeroes to
 *	(VIRTIO_BLK_F_WRITE_ZEROES with write_zeroes_may_unmap set), so a
 *	write zeroes without REQ_NOUNMAP asks it to
 */
struct gdvirtio {
	struct virtio_device *vdev;
	struct virtqueue *vq;
	spinlock_t vq_lock;	/* protects @vq, see above */
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
	struct work_struct config_work;
	int index;
	bool wz_may_unmap;
};

/**
 * struct gdv_req - per-request driver data (the blk-mq PDU, cmd_size)
 * @out_hdr: request header the device reads (type, ioprio, sector)
 * @status: status byte the device writes (VIRTIO_BLK_S_*)
 * @sg: the request's data, filled by blk_rq_map_sg(); sized for the
 *	queue's max_segments
 *
 * The PDU lives in memory blk-mq allocated once per tag, so reads,
 * writes and flushes never allocate in queue_rq; a discard or write
 * zeroes does, for its range table (gdv_setup_ranges()).  The device
 * reads @out_hdr and writes @status by DMA; virtqueue_add_sgs() maps
 * them.
 */
struct gdv_req {
	struct virtio_blk_outhdr out_hdr;
	u8 status;
	struct scatterlist sg[];
};

/* ------------------------------------------------------------------------
 * I/O: blk_mq_ops.
 */

static blk_status_t gdv_status_to_blk(u8 status)
{
	switch (status) {
	case VIRTIO_BLK_S_OK:
		return BLK_STS_OK;
	case VIRTIO_BLK_S_UNSUPP:
		return BLK_STS_NOTSUPP;
	default:
		return BLK_STS_IOERR;
	}
}

/*
 * The data of a discard or write zeroes: one struct
 * virtio_blk_discard_write_zeroes per range, always little-endian (the
 * virtio spec defines it so, also for legacy devices), which the block
 * layer then maps like write data: as the request's special payload
 * (rq->special_vec, RQF_SPECIAL_PAYLOAD), which blk_rq_map_sg() and
 * blk_rq_nr_phys_segments() use instead of the request's (absent) pages.
 *
 * A queue with max_discard_segments 1 merges discards only when they are
 * contiguous, like writes, and the request is one range however many
 * bios it holds.  With more, each merged bio is one range, possibly far
 * from the others (blk_rq_nr_discard_segments() counts them).  A write
 * zeroes is never merged (rq_mergeable(), block/blk.h:175 in 6.12), so it
 * is always a single range.
 *
 * Runs in queue_rq, which must not sleep: GFP_ATOMIC.  The table is
 * freed by gdv_free_ranges(), on completion or when queue_rq gives up.
 */
static int gdv_setup_ranges(struct request *rq, bool unmap)
{
	unsigned short nr = blk_rq_nr_discard_segments(rq);
	struct virtio_blk_discard_write_zeroes *range;
	u32 flags = unmap ? VIRTIO_BLK_WRITE_ZEROES_FLAG_UNMAP : 0;
	unsigned short n = 0;
	struct bio *bio;

	range = kmalloc_array(nr, sizeof(*range), GFP_ATOMIC);
	if (!range)
		return -ENOMEM;

	if (queue_max_discard_segments(rq->q) == 1) {
		range[0].sector = cpu_to_le64(blk_rq_pos(rq));
		range[0].num_sectors = cpu_to_le32(blk_rq_sectors(rq));
		range[0].flags = cpu_to_le32(flags);
		n = 1;
	} else {
		__rq_for_each_bio(bio, rq) {
			if (WARN_ON_ONCE(n == nr))
				break;
			range[n].sector = cpu_to_le64(bio->bi_iter.bi_sector);
			range[n].num_sectors =
				cpu_to_le32(bio_sectors(bio));
			range[n].flags = cpu_to_le32(flags);
			n++;
		}
	}

	gdv_bvec_set_virt(&rq->special_vec, range, n * sizeof(*range));
	rq->rq_flags |= RQF_SPECIAL_PAYLOAD;
	return 0;
}

/* Free what gdv_setup_ranges() allocated, if anything; idempotent. */
static void gdv_free_ranges(struct request *rq)
{
	if (rq->rq_flags & RQF_SPECIAL_PAYLOAD) {
		kfree(bvec_virt(&rq->special_vec));
		rq->rq_flags &= ~RQF_SPECIAL_PAYLOAD;
	}
}

/*
 * Put one request on the virtqueue: header (device-readable), data
 * (device-readable for writes, discard and write zeroes ranges,
 * device-writable for reads), status byte
 * (device-writable).  The order of the buffers is the wire format.
 * Called with vq_lock held, hence GFP_ATOMIC for indirect descriptors.
 */
static int gdv_add_req(struct virtqueue *vq, struct gdv_req *vbr,
		       unsigned int nents, bool data_out)
{
	struct scatterlist hdr, status, *sgs[3];
	unsigned int num_out = 0, num_in = 0;

	sg_init_one(&hdr, &vbr->out_hdr, sizeof(vbr->out_hdr));
	sgs[num_out++] = &hdr;
	if (nents) {
		if (data_out)
			sgs[num_out++] = vbr->sg;
		else
			sgs[num_out + num_in++] = vbr->sg;
	}
	sg_init_one(&status, &vbr->status, sizeof(vbr->status));
	sgs[num_out + num_in++] = &status;

	return virtqueue_add_sgs(vq, sgs, num_out, num_in, vbr, GFP_ATOMIC);
}

static blk_status_t gdv_queue_rq(struct blk_mq_hw_ctx *hctx,
				 const struct blk_mq_queue_data *bd)
{
	struct gdvirtio *gdv = hctx->queue->queuedata;
	struct virtio_device *vdev = gdv->vdev;
	struct request *rq = bd->rq;
	struct gdv_req *vbr = blk_mq_rq_to_pdu(rq);
	unsigned int nents = 0;
	unsigned long flags;
	sector_t sector = 0;
	bool unmap = false;
	bool notify;
	u32 type;
	int err;

	/* Sectors are always 512 bytes, whatever the logical block size. */
	switch (req_op(rq)) {
	case REQ_OP_READ:
		type = VIRTIO_BLK_T_IN;
		sector = blk_rq_pos(rq);
		break;
	case REQ_OP_WRITE:
		type = VIRTIO_BLK_T_OUT;
		sector = blk_rq_pos(rq);
		break;
	case REQ_OP_FLUSH:
		/* Only reaches us if the queue has a write cache (FLUSH). */
		type = VIRTIO_BLK_T_FLUSH;
		break;
	/*
	 * Only reach us if the limits advertise them (the features were
	 * negotiated).  The header's sector is unused (0, as the spec
	 * wants): the ranges say where.
	 */
	case REQ_OP_DISCARD:
		type = VIRTIO_BLK_T_DISCARD;
		break;
	case REQ_OP_WRITE_ZEROES:
		type = VIRTIO_BLK_T_WRITE_ZEROES;
		/* May the device deallocate instead of writing zeroes? */
		unmap = gdv->wz_may_unmap && !(rq->cmd_flags & REQ_NOUNMAP);
		break;
	default:
		/* Not advertised in the limits: secure erase, zoned, ... */
		return BLK_STS_NOTSUPP;
	}

	/* Wire format is little-endian (modern) or guest-endian (legacy). */
	vbr->out_hdr.type = cpu_to_virtio32(vdev, type);
	vbr->out_hdr.ioprio = cpu_to_virtio32(vdev, req_get_ioprio(rq));
	vbr->out_hdr.sector = cpu_to_virtio64(vdev, sector);
	/* The device overwrites it; a request it never saw reads as error. */
	vbr->status = VIRTIO_BLK_S_IOERR;

	/* Before the mapping below: the ranges are the data it maps. */
	if (type == VIRTIO_BLK_T_DISCARD || type == VIRTIO_BLK_T_WRITE_ZEROES) {
		if (gdv_setup_ranges(rq, unmap))
			/* Retried later by blk-mq, no error for the caller. */
			return BLK_STS_RESOURCE;
	}

	if (blk_rq_nr_phys_segments(rq)) {
		sg_init_table(vbr->sg, queue_max_segments(rq->q));
		nents = blk_rq_map_sg(rq->q, rq, vbr->sg);
	}

	blk_mq_start_request(rq);

	spin_lock_irqsave(&gdv->vq_lock, flags);
	err = gdv_add_req(gdv->vq, vbr, nents, op_is_write(req_op(rq)));
	if (err) {
		/* Let the device drain what is queued, then retry. */
		virtqueue_kick(gdv->vq);
		spin_unlock_irqrestore(&gdv->vq_lock, flags);
		/*
		 * Requeued or failed, the request never reaches
		 * gdv_complete_rq(): free its ranges here.  A retry sets
		 * them up again.
		 */
		gdv_free_ranges(rq);
		switch (err) {
		case -ENOSPC:
			/*
			 * Ring full: stop the hardware queue; gdv_done()
			 * restarts it when descriptors come back.
			 */
			blk_mq_stop_hw_queue(hctx);
			fallthrough;
		case -ENOMEM:
			/* Requeued by blk-mq, no error for the caller. */
			return BLK_STS_DEV_RESOURCE;
		default:
			/* -EIO: the virtqueue is broken (device gone). */
			return BLK_STS_IOERR;
		}
	}
	notify = virtqueue_kick_prepare(gdv->vq);
	spin_unlock_irqrestore(&gdv->vq_lock, flags);

	/* The notification may trap to the host: outside the lock. */
	if (notify)
		virtqueue_notify(gdv->vq);
	return BLK_STS_OK;
}

/*
 * Completion, second half: blk_mq_complete_request() brings us here on
 * the CPU that submitted the request (or a sibling).
 */
static void gdv_complete_rq(struct request *rq)
{
	struct gdv_req *vbr = blk_mq_rq_to_pdu(rq);

	/* The device is done with the ranges (or never will read them). */
	gdv_free_ranges(rq);
	blk_mq_end_request(rq, gdv_status_to_blk(vbr->status));
}

static const struct blk_mq_ops gdv_mq_ops = {
	.queue_rq	= gdv_queue_rq,
	.complete	= gdv_complete_rq,
};

/*
 * Completion, first half: the virtqueue callback (interrupt context).
 * Take every finished request off the ring; callbacks are re-enabled
 * only when the ring is seen empty, so no completion is missed between
 * the last virtqueue_get_buf() and virtqueue_enable_cb().
 */
static void gdv_done(struct virtqueue *vq)
{
	struct gdvirtio *gdv = vq->vdev->priv;
	struct gdv_req *vbr;
	bool completed = false;
	unsigned long flags;
	unsigned int len;

	spin_lock_irqsave(&gdv->vq_lock, flags);
	do {
		virtqueue_disable_cb(vq);
		while ((vbr = virtqueue_get_buf(vq, &len)) != NULL) {
			blk_mq_complete_request(blk_mq_rq_from_pdu(vbr));
			completed = true;
		}
		if (unlikely(virtqueue_is_broken(vq)))
			break;
	} while (!virtqueue_enable_cb(vq));

	/* Descriptors were freed: a queue stopped on -ENOSPC may go on. */
	if (completed)
		blk_mq_start_stopped_hw_queues(gdv->disk->queue, true);
	spin_unlock_irqrestore(&gdv->vq_lock, flags);
}

/* ------------------------------------------------------------------------
 * Config space.
 */

/*
 * Capacity in 512-byte sectors, the unit of both the virtio_blk config
 * field and set_capacity(), rounded down to whole logical blocks: a
 * partial last block could not be addressed anyway.
 */
static sector_t gdv_read_capacity(struct gdvirtio *gdv, unsigned int lbs)
{
	u64 capacity;

	virtio_cread(gdv->vdev, struct virtio_blk_config, capacity, &capacity);
	return round_down(capacity, lbs >> SECTOR_SHIFT);
}

/*
 * VIRTIO_BLK_F_DISCARD and VIRTIO_BLK_F_WRITE_ZEROES: their config fields
 * are valid only if the feature was negotiated, so each is read under its
 * feature; without it the limit stays 0 and the block layer never sends
 * the operation (BLKDISCARD fails with EOPNOTSUPP, BLKZEROOUT writes
 * zero pages itself).  Sizes are 512-byte sectors, whatever the logical
 * block size.  A field of 0 means "no limit stated" (virtio_blk reads it
 * the same way): the request is bounded by the block layer alone.
 */
static void gdv_read_discard_limits(struct gdvirtio *gdv,
				    struct gdv_limits *gl)
{
	struct virtio_device *vdev = gdv->vdev;
	u32 v;
	u8 may_unmap;

	gl->max_discard_sectors = 0;
	gl->max_discard_segments = 0;
	gl->discard_granularity = 0;
	gl->max_write_zeroes_sectors = 0;
	gdv->wz_may_unmap = false;

	if (virtio_has_feature(vdev, VIRTIO_BLK_F_DISCARD)) {
		virtio_cread(vdev, struct virtio_blk_config,
			     max_discard_sectors, &v);
		gl->max_discard_sectors = v ?: UINT_MAX;

		/* Ranges per request; one if the device states none. */
		virtio_cread(vdev, struct virtio_blk_config, max_discard_seg,
			     &v);
		gl->max_discard_segments = clamp(v, 1U,
						 GDV_MAX_DISCARD_SEGMENTS);

		/*
		 * Discards are split at multiples of the alignment; without
		 * one, at logical blocks (the block layer never goes below).
		 */
		virtio_cread(vdev, struct virtio_blk_config,
			     discard_sector_alignment, &v);
		if (v && v <= UINT_MAX >> SECTOR_SHIFT)
			gl->discard_granularity = v << SECTOR_SHIFT;
		else
			gl->discard_granularity = gl->lbs;
	}

	if (virtio_has_feature(vdev, VIRTIO_BLK_F_WRITE_ZEROES)) {
		virtio_cread(vdev, struct virtio_blk_config,
			     max_write_zeroes_sectors, &v);
		gl->max_write_zeroes_sectors = v ?: UINT_MAX;

		/*
		 * A write zeroes is always one range (never merged, see
		 * gdv_setup_ranges()), within any max_write_zeroes_seg; 0
		 * states no limit, as for discard.  Read for the log only.
		 */
		virtio_cread(vdev, struct virtio_blk_config,
			     max_write_zeroes_seg, &v);
		dev_dbg(&vdev->dev, "max_write_zeroes_seg %u\n", v);

		virtio_cread(vdev, struct virtio_blk_config,
			     write_zeroes_may_unmap, &may_unmap);
		gdv->wz_may_unmap = may_unmap;
	}
}

/**
 * gdv_read_limits - queue limits from the device's config space
 * @gdv: the device; gdv->vq must exist (its ring size bounds the segments)
 * @gl: filled in
 *
 * Only features the driver negotiated (gdv_features[]) are consulted;
 * virtio_cread_feature() returns -ENOENT for the others and the default
 * is kept.  Returns 0, or -EINVAL for a block size the block layer cannot
 * use (the probe fails rather than guess).
 */
static int gdv_read_limits(struct gdvirtio *gdv, struct gdv_limits *gl)
{
	struct virtio_device *vdev = gdv->vdev;
	unsigned int ring = virtqueue_get_vring_size(gdv->vq);
	u32 v;

	/* VIRTIO_BLK_F_BLK_SIZE: the logical block size; 512 otherwise. */
	gl->lbs = SECTOR_SIZE;
	if (!virtio_cread_feature(vdev, VIRTIO_BLK_F_BLK_SIZE,
				  struct virtio_blk_config, blk_size, &v))
		gl->lbs = v;
	if (!is_power_of_2(gl->lbs) || gl->lbs < SECTOR_SIZE ||
	    gl->lbs > PAGE_SIZE) {
		dev_err(&vdev->dev, "unusable block size %u\n", gl->lbs);
		return -EINVAL;
	}

	/*
	 * VIRTIO_BLK_F_SEG_MAX: data entries per request; 1 otherwise.  The
	 * header and the status byte take two more descriptors, which must
	 * fit in the ring unless the device takes indirect descriptors (then
	 * a request uses a single ring entry).
	 */
	v = 1;
	if (virtio_cread_feature(vdev, VIRTIO_BLK_F_SEG_MAX,
				 struct virtio_blk_config, seg_max, &v) || !v)
		v = 1;
	v = min(v, GDV_MAX_SEGMENTS);
	if (!virtio_has_feature(vdev, VIRTIO_RING_F_INDIRECT_DESC))
		v = min(v, ring > 2 ? ring - 2 : 1U);
	gl->max_segments = v;

	/*
	 * VIRTIO_BLK_F_SIZE_MAX: bytes per entry; also bounded by what the
	 * DMA layer can map in one piece (swiotlb, IOMMU).
	 */
	gl->max_segment_size = min_t(size_t, virtio_max_dma_size(vdev),
				     UINT_MAX);
	if (!virtio_cread_feature(vdev, VIRTIO_BLK_F_SIZE_MAX,
				  struct virtio_blk_config, size_max, &v))
		gl->max_segment_size = min(gl->max_segment_size, v);
	/* The block layer needs at least a page per segment. */
	gl->max_segment_size = max_t(unsigned int, gl->max_segment_size,
				     PAGE_SIZE);

	/* No limit of its own: the segments bound a request. */
	gl->max_hw_sectors = UINT_MAX;

	/* VIRTIO_BLK_F_FLUSH: a volatile write cache that FLUSH empties. */
	gl->write_cache = virtio_has_feature(vdev, VIRTIO_BLK_F_FLUSH);

	gdv_read_discard_limits(gdv, gl);
	return 0;
}

/*
 * The host changed the config space: for us, the capacity (QMP
 * block_resize).  Runs in process context: set_capacity_and_notify()
 * sends a uevent, which may sleep.  It logs "detected capacity change"
 * and sends RESIZE=1 only if the size really changed and the disk is live.
 */
static void gdv_config_work(struct work_struct *work)
{
	struct gdvirtio *gdv = container_of(work, struct gdvirtio, config_work);
	unsigned int lbs = queue_logical_block_size(gdv->disk->queue);

	set_capacity_and_notify(gdv->disk, gdv_read_capacity(gdv, lbs));
}

/*
 * Called by the virtio core, possibly in interrupt context, only between
 * the end of a successful probe and the start of remove (the core holds
 * config changes back outside that window), so gdv->disk exists.
 */
static void gdv_config_changed(struct virtio_device *vdev)
{
	struct gdvirtio *gdv = vdev->priv;

	schedule_work(&gdv->config_work);
}

/* ------------------------------------------------------------------------
 * Probe and remove.
 */

/*
 * No open/release/ioctl: nothing of the device is needed for them, so
 * disk->private_data is not used and the private data can go at remove
 * even if someone still holds the (dead) disk open.  .owner pins the
 * module while the disk is open.
 */
static const struct block_device_operations gdv_fops = {
	.owner	= THIS_MODULE,
};

static int gdv_probe(struct virtio_device *vdev)
{
	struct gdv_limits gl;
	struct gdvirtio *gdv;
	struct gendisk *disk;
	unsigned int depth;
	int err;

	if (!vdev->config->get) {
		dev_err(&vdev->dev, "config space access is not supported\n");
		return -EINVAL;
	}

	/* Step 1: private data and a disk index. */
	gdv = kzalloc(sizeof(*gdv), GFP_KERNEL);
	if (!gdv)
		return -ENOMEM;
	gdv->vdev = vdev;
	spin_lock_init(&gdv->vq_lock);
	INIT_WORK(&gdv->config_work, gdv_config_work);
	vdev->priv = gdv;

	gdv->index = ida_alloc(&gdv_index_ida, GFP_KERNEL);
	if (gdv->index < 0) {
		err = gdv->index;
		goto out_free_gdv;
	}

	/* Step 2: the virtqueue.  The device does not run until step 7. */
	gdv->vq = virtio_find_single_vq(vdev, gdv_done, "requests");
	if (IS_ERR(gdv->vq)) {
		err = PTR_ERR(gdv->vq);
		goto out_free_index;
	}

	/* Step 3: limits. */
	err = gdv_read_limits(gdv, &gl);
	if (err)
		goto out_del_vqs;

	/*
	 * Step 4: the tag set.  One hardware queue (one virtqueue); as many
	 * tags as requests fit in the ring - one entry each with indirect
	 * descriptors, at least two without (virtio_blk.c:1477-1484 (6.12)
	 * sizes it the same way).  Running out anyway is handled in
	 * gdv_queue_rq().
	 */
	depth = virtqueue_get_vring_size(gdv->vq);
	if (!virtio_has_feature(vdev, VIRTIO_RING_F_INDIRECT_DESC))
		depth = max(depth / 2, 1U);
	gdv->tag_set.ops = &gdv_mq_ops;
	gdv->tag_set.nr_hw_queues = 1;
	gdv->tag_set.queue_depth = depth;
	gdv->tag_set.numa_node = NUMA_NO_NODE;
	gdv->tag_set.flags = BLK_MQ_F_SHOULD_MERGE;
	gdv->tag_set.cmd_size = sizeof(struct gdv_req) +
				gl.max_segments * sizeof(struct scatterlist);
	gdv->tag_set.driver_data = gdv;
	err = blk_mq_alloc_tag_set(&gdv->tag_set);
	if (err)
		goto out_del_vqs;

	/* Step 5: the disk.  ERR_PTR on failure, on both kernels. */
	disk = gdv_alloc_disk(&gdv->tag_set, &gl, gdv);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tag_set;
	}
	gdv->disk = disk;

	/*
	 * Step 6: fill it in.  major = first_minor = minors = 0: a dynamic
	 * dev_t under BLOCK_EXT_MAJOR, no register_blkdev().  Capacity before
	 * add_disk() with plain set_capacity(): nobody to notify yet.
	 */
	disk->fops = &gdv_fops;
	snprintf(disk->disk_name, DISK_NAME_LEN, "gdvirtio%d", gdv->index);
	if (virtio_has_feature(vdev, VIRTIO_BLK_F_RO))
		set_disk_ro(disk, true);
	set_capacity(disk, gdv_read_capacity(gdv, gl.lbs));

	/*
	 * Step 7: DRIVER_OK.  From here the device processes the virtqueue
	 * and may interrupt; add_disk() below already reads the disk.
	 */
	virtio_device_ready(vdev);

	/*
	 * Step 8: make it visible.  The virtio device is the parent, so the
	 * disk sits under it in sysfs.  Nothing fallible follows: once the
	 * disk is live the probe succeeds.
	 */
	err = device_add_disk(&vdev->dev, disk, NULL);
	if (err)
		goto out_reset;

	dev_info(&vdev->dev, "%s: %llu sectors, %u-byte blocks%s%s%s%s\n",
		 disk->disk_name, (unsigned long long)get_capacity(disk),
		 gl.lbs, gl.write_cache ? ", write cache" : "",
		 gl.max_discard_sectors ? ", discard" : "",
		 gl.max_write_zeroes_sectors ? ", write zeroes" : "",
		 get_disk_ro(disk) ? ", read-only" : "");
	return 0;

out_reset:
	/*
	 * The failed add_disk() unwound itself: the disk is not live.  Stop
	 * the device before anything it could DMA into goes away.
	 */
	virtio_reset_device(vdev);
	/* Never added: put_disk() only, never del_gendisk() (§2.3). */
	put_disk(disk);
out_free_tag_set:
	/* After put_disk(): its release still exits the queue with the set. */
	blk_mq_free_tag_set(&gdv->tag_set);
out_del_vqs:
	/*
	 * find_vqs() enabled the virtqueue, and only a reset disables it:
	 * without one the device keeps it enabled and every later probe's
	 * find_vqs() fails with -ENOENT (found by fail-nth: after one probe
	 * failing past step 2, none succeeded again).  A second reset after
	 * out_reset's is harmless.
	 */
	virtio_reset_device(vdev);
	vdev->config->del_vqs(vdev);
out_free_index:
	ida_free(&gdv_index_ida, gdv->index);
out_free_gdv:
	vdev->priv = NULL;
	kfree(gdv);
	return err;
}

/* Surprise removal: end a request the dead device will never complete. */
static bool gdv_cancel_rq(struct request *rq, void *data)
{
	struct gdv_req *vbr = blk_mq_rq_to_pdu(rq);
	unsigned int *cancelled = data;

	if (blk_mq_request_started(rq) && !blk_mq_request_completed(rq)) {
		vbr->status = VIRTIO_BLK_S_IOERR;
		blk_mq_complete_request(rq);
		(*cancelled)++;
	}
	return true;
}

/*
 * The device is gone (surprise removal: virtio_pci found it absent and
 * broke its virtqueues, so gdv_queue_rq() fails every new request with
 * BLK_STS_IOERR), but requests it had taken will never complete, and
 * del_gendisk() would wait for them forever.  Fail them, and everything
 * still queued, so del_gendisk() finds the queue empty.  6.1's and
 * 6.12's virtio_blk have no such step: their virtblk_remove() hangs in
 * del_gendisk() (blk_mq_freeze_queue_wait) here, as the selftests show.
 */
static void gdv_fail_inflight(struct gdvirtio *gdv)
{
	struct request_queue *q = gdv->disk->queue;
	unsigned int cancelled = 0;

	/* New submitters wait at the queue's door from here... */
	blk_freeze_queue_start(q);
	/* ... and no dispatch is running or will start. */
	blk_mq_quiesce_queue(q);
	/* A completion callback that began before the break has finished. */
	virtio_synchronize_cbs(gdv->vdev);
	blk_mq_tagset_busy_iter(&gdv->tag_set, gdv_cancel_rq, &cancelled);
	blk_mq_tagset_wait_completed_request(&gdv->tag_set);
	dev_warn(&gdv->vdev->dev, "%s: device gone, %u request(s) failed\n",
		 gdv->disk->disk_name, cancelled);
	/*
	 * Let what got past the door reach gdv_queue_rq(), which fails it
	 * on the broken virtqueue; then the queue is empty.
	 */
	blk_mq_start_stopped_hw_queues(q, true);
	blk_mq_unquiesce_queue(q);
	blk_mq_freeze_queue_wait(q);
	/* Waiters at the door fail once the queue thaws: the disk is dead. */
	blk_mark_disk_dead(gdv->disk);
	blk_mq_unfreeze_queue(q);
}

/*
 * Remove: the device is being unbound (module unload, or the device was
 * unplugged).  The virtio core has already stopped config-change
 * callbacks (virtio_dev_remove() in drivers/virtio/virtio.c).
 *
 * An orderly hot-unplug (QEMU's device_del: ACPI asks the guest to eject)
 * removes a device that still works: del_gendisk() drains the I/O in
 * flight through it, then every new I/O fails (the disk is dead; its
 * capacity is 0).  A surprise removal (the device already gone) is
 * handled by gdv_fail_inflight() first.
 */
static void gdv_remove(struct virtio_device *vdev)
{
	struct gdvirtio *gdv = vdev->priv;

	/* A resize still in flight must not touch the disk after this. */
	flush_work(&gdv->config_work);

	if (virtqueue_is_broken(gdv->vq))
		gdv_fail_inflight(gdv);

	/*
	 * No new opens, partitions dropped, dirty data written back through
	 * the still-working device, queue drained and exited.  After this
	 * no request reaches gdv_queue_rq().
	 */
	del_gendisk(gdv->disk);

	/* Stop the device (no more interrupts or DMA), then its queue. */
	virtio_reset_device(vdev);
	vdev->config->del_vqs(vdev);

	/*
	 * Drop our reference; the gendisk and its queue go when the last
	 * opener closes.  No driver data is reachable from them (no
	 * open/ioctl, private_data unused).
	 */
	put_disk(gdv->disk);
	blk_mq_free_tag_set(&gdv->tag_set);

	ida_free(&gdv_index_ida, gdv->index);
	vdev->priv = NULL;
	kfree(gdv);
}

static const struct virtio_device_id gdv_id_table[] = {
	{ VIRTIO_ID_BLOCK, VIRTIO_DEV_ANY_ID },
	{ 0 },
};

/*
 * Features the driver understands.  The core negotiates only these (and
 * the transport's own: VERSION_1, INDIRECT_DESC, EVENT_IDX, ...); a
 * feature left out here reads as absent to virtio_has_feature().
 */
static const unsigned int gdv_features[] = {
	VIRTIO_BLK_F_SIZE_MAX,
	VIRTIO_BLK_F_SEG_MAX,
	VIRTIO_BLK_F_RO,
	VIRTIO_BLK_F_BLK_SIZE,
	VIRTIO_BLK_F_FLUSH,
	VIRTIO_BLK_F_DISCARD,
	VIRTIO_BLK_F_WRITE_ZEROES,
};

static struct virtio_driver gdv_driver = {
	.driver.name		= KBUILD_MODNAME,
	.id_table		= gdv_id_table,
	.feature_table		= gdv_features,
	.feature_table_size	= ARRAY_SIZE(gdv_features),
	.probe			= gdv_probe,
	.remove			= gdv_remove,
	.config_changed		= gdv_config_changed,
};

/*
 * register_virtio_driver() probes every virtio block device that no
 * driver has bound yet; a probe failure is logged by the driver core and
 * leaves that device unbound, it does not fail the load.
 * unregister_virtio_driver() removes every bound device.
 */
static int __init gdv_init(void)
{
	return register_virtio_driver(&gdv_driver);
}

static void __exit gdv_exit(void)
{
	unregister_virtio_driver(&gdv_driver);
	ida_destroy(&gdv_index_ida);
}

module_init(gdv_init);
module_exit(gdv_exit);

MODULE_DESCRIPTION("gendisk-check reference blk-mq virtio block driver");
MODULE_LICENSE("GPL");
