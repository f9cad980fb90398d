import CPixman
import Foundation
import Geometry

/// How pixman samples an image drawn with a transform (`fromDevice`: device → image pixels):
/// an exact copy for whole-pixel translations, a box-averaging separable convolution when
/// more than one source pixel falls on a device pixel, bilinear otherwise.
enum ResamplingFilter {
    case nearest
    case bilinear
    /// pixman's box ⊗ linear kernel with 4 sub-pixel phase bits per axis: the parameters
    /// `pixman_filter_create_separable_convolution` made (16.16 words).
    case separableConvolution(parameters: [pixman_fixed_t])

    init(fromDevice t: Transform) {
        let sx = (t.a * t.a + t.b * t.b).squareRoot(), sy = (t.c * t.c + t.d * t.d).squareRoot()
        if t.a == 1, t.d == 1, t.b == 0, t.c == 0, t.tx == t.tx.rounded(), t.ty == t.ty.rounded() {
            self = .nearest
        } else if sx > 1.001 || sy > 1.001 {
            var count: Int32 = 0
            guard let params = pixman_filter_create_separable_convolution(
                &count, fixed(max(sx, 1)), fixed(max(sy, 1)),
                PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_LINEAR, PIXMAN_KERNEL_LINEAR, 4, 4)
            else {
                self = .bilinear
                return
            }
            self = .separableConvolution(parameters: Array(UnsafeBufferPointer(start: params, count: Int(count))))
            free(params)
        } else {
            self = .bilinear
        }
    }

    func apply(to image: PixmanImage) {
        switch self {
        case .nearest: pixman_image_set_filter(image.handle, PIXMAN_FILTER_NEAREST, nil, 0)
        case .bilinear: pixman_image_set_filter(image.handle, PIXMAN_FILTER_BILINEAR, nil, 0)
        case .separableConvolution(let parameters):
            pixman_image_set_filter(image.handle, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, parameters, Int32(parameters.count))
        }
    }
}
