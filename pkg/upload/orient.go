package upload

import (
	"encoding/binary"
	"image"
	"image/draw"
)

// Phones store a photo as the sensor saw it and say in EXIF how to turn
// it. Encoding the photo again drops EXIF, so the turn is applied to the
// pixels first, or a licence photographed upright would arrive sideways.

// exifOrientation returns the EXIF orientation (1 to 8) of a JPEG, 1 when
// it has none or it cannot be read. It walks the marker segments up to
// the image data and reads tag 0x0112 of the first IFD of an Exif APP1.
func exifOrientation(data []byte) int {
	for i := 2; i+4 <= len(data) && data[i] == 0xFF; {
		marker := data[i+1]
		if marker == 0xDA || marker == 0xD9 { // start of scan, end of image
			return 1
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			return 1
		}
		seg := data[i+4 : i+2+n]
		if marker == 0xE1 && len(seg) > 6 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

// tiffOrientation reads the orientation tag of a TIFF header's first IFD.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var order binary.ByteOrder
	switch string(t[:4]) {
	case "II*\x00":
		order = binary.LittleEndian
	case "MM\x00*":
		order = binary.BigEndian
	default:
		return 1
	}
	ifd := int64(order.Uint32(t[4:]))
	if ifd+2 > int64(len(t)) {
		return 1
	}
	count := int64(order.Uint16(t[ifd:]))
	for e := ifd + 2; e+12 <= int64(len(t)) && e < ifd+2+12*count; e += 12 {
		const tagOrientation, typeShort = 0x0112, 3
		if order.Uint16(t[e:]) == tagOrientation && order.Uint16(t[e+2:]) == typeShort {
			if o := int(order.Uint16(t[e+8:])); o >= 1 && o <= 8 {
				return o
			}
			return 1
		}
	}
	return 1
}

// orient returns img turned and flipped as EXIF orientation o says it is
// to be shown. Orientation 1 returns img itself, so the common case costs
// nothing; the others copy the pixels once through an RGBA image.
func orient(img image.Image, o int) image.Image {
	if o < 2 || o > 8 {
		return img
	}
	b := img.Bounds()
	src := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(src, src.Bounds(), img, b.Min, draw.Src)
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if o >= 5 { // orientations 5 to 8 swap width and height
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range h {
		for x := range w {
			dx, dy := orientPoint(o, x, y, w, h)
			s, d := src.PixOffset(x, y), dst.PixOffset(dx, dy)
			copy(dst.Pix[d:d+4], src.Pix[s:s+4])
		}
	}
	return dst
}

// orientPoint maps pixel (x, y) of a w × h image stored with orientation
// o to where it is shown.
func orientPoint(o, x, y, w, h int) (int, int) {
	switch o {
	case 2: // mirrored
		return w - 1 - x, y
	case 3: // upside down
		return w - 1 - x, h - 1 - y
	case 4: // mirrored upside down
		return x, h - 1 - y
	case 5: // mirrored, turned a quarter counter-clockwise
		return y, x
	case 6: // to turn a quarter clockwise
		return h - 1 - y, x
	case 7: // mirrored, turned a quarter clockwise
		return h - 1 - y, w - 1 - x
	case 8: // to turn a quarter counter-clockwise
		return y, w - 1 - x
	}
	return x, y
}
