;; Dot products of one query with int8 rows, for src/index/dot_kernel.ts. The query is int16
;; (the float query scaled to +-32767), each row `dims` int8 values, `dims` a multiple of 16;
;; a product is the exact integer sum, which a pass scales back to a cosine. The memory is shared,
;; so that threads (src/index/dot_kernel_threads.ts) run parts of one pass at once.
;;
;; A pass is described by a record in the memory (its layout is in dot_kernel_threads.ts: the i32
;; words from byte 32, the f64 words from byte 64), so every thread runs it by one call,
;; `pass(record, from, to)`, whatever its kind (the i32 at byte 20):
;; - 0, exact: every row's cosine;
;; - 1, estimates: every row's estimate from the high four bits of its values (the codes, half
;;   the bytes, `pack`);
;; - 2, refined: after the estimates, the exact cosine of each row whose estimate could reach the
;;   row's bar, the word bar for rows marked in the word-row bytes, the title bar for the others;
;;   sixteen rows at a time let go by one test where none could (the group scales, the largest
;;   row scale of each sixteen rows, at the i32 at byte 128; 0: row by row);
;; - 3, codes: the rows' codes, for the estimates;
;; - 4 and 5, estimates for four or two queries at once (searches waiting together): each row's
;;   codes read and unpacked once for them all (`estimates4`, `estimates2`), each query's
;;   estimates where it says (the table at byte 124: per query 32 bytes, the int8 query's address,
;;   its estimates' address, its bias and its scale as f64 at bytes 8 and 16), the same values as
;;   its pass alone.
;;
;; Compiled to dot_kernel_wasm.ts by `deno task build:kernel` (src/index/dot_kernel_build.ts).
(module
  (memory (import "env" "memory") 1 65536 shared)

  ;; The dot product of the query at $query with the row at $row.
  (func $dot (export "dot") (param $query i32) (param $row i32) (param $dims i32) (result i32)
    (local $j i32) (local $acc v128) (local $v v128)
    (block $done
      (loop $lanes
        (br_if $done (i32.ge_u (local.get $j) (local.get $dims)))
        (local.set $v (v128.load (i32.add (local.get $row) (local.get $j))))
        (local.set $acc
          (i32x4.add (local.get $acc)
            (i32x4.dot_i16x8_s
              (i16x8.extend_low_i8x16_s (local.get $v))
              (v128.load (local.get $query)))))
        (local.set $acc
          (i32x4.add (local.get $acc)
            (i32x4.dot_i16x8_s
              (i16x8.extend_high_i8x16_s (local.get $v))
              (v128.load offset=16 (local.get $query)))))
        (local.set $j (i32.add (local.get $j) (i32.const 16)))
        (local.set $query (i32.add (local.get $query) (i32.const 32)))
        (br $lanes)))
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
      (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))

  ;; A row's cosine: its product times the query's scale and the row's f32 scale, in f64 and
  ;; rounded once to f32, as JavaScript computes `product * queryScale * scale` into a
  ;; Float32Array.
  (func $cosine (param $product i32) (param $queryScale f64) (param $scale f64) (result f32)
    (f32.demote_f64
      (f64.mul (f64.mul (f64.convert_i32_s (local.get $product)) (local.get $queryScale))
        (local.get $scale))))

  ;; The sum over a row's values of the int8 query at $query times the high four bits of the
  ;; value plus 128 (0 to 15), from the row's codes at $at: each 16 code bytes hold 32 values,
  ;; the low nibbles the first 16, the high nibbles the next 16. 64 values a step, their
  ;; products summed in i16 lanes (at most 8 x 2 x 15 x 127 = 30,480) before they widen.
  (func $estimate (param $query i32) (param $at i32) (param $end i32) (result i32)
    (local $acc v128) (local $v v128) (local $w v128) (local $low v128)
    (local.set $low (v128.const i8x16 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15))
    (loop $lanes
      (local.set $v (v128.load (local.get $at)))
      (local.set $w (v128.load offset=16 (local.get $at)))
      (local.set $acc
        (i32x4.add (local.get $acc)
          (i32x4.extadd_pairwise_i16x8_s
            (i16x8.add
              (i16x8.add
                (i16x8.relaxed_dot_i8x16_i7x16_s
                  (v128.load (local.get $query))
                  (v128.and (local.get $v) (local.get $low)))
                (i16x8.relaxed_dot_i8x16_i7x16_s
                  (v128.load offset=16 (local.get $query))
                  (v128.and (i16x8.shr_u (local.get $v) (i32.const 4)) (local.get $low))))
              (i16x8.add
                (i16x8.relaxed_dot_i8x16_i7x16_s
                  (v128.load offset=32 (local.get $query))
                  (v128.and (local.get $w) (local.get $low)))
                (i16x8.relaxed_dot_i8x16_i7x16_s
                  (v128.load offset=48 (local.get $query))
                  (v128.and (i16x8.shr_u (local.get $w) (i32.const 4)) (local.get $low))))))))
      (local.set $at (i32.add (local.get $at) (i32.const 32)))
      (local.set $query (i32.add (local.get $query) (i32.const 64)))
      (br_if $lanes (i32.lt_u (local.get $at) (local.get $end))))
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
      (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))

  ;; The sum of an i32x4's lanes.
  (func $lanes (param $v v128) (result i32)
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $v)) (i32x4.extract_lane 1 (local.get $v)))
      (i32.add (i32x4.extract_lane 2 (local.get $v)) (i32x4.extract_lane 3 (local.get $v)))))

  ;; Stores row $r's cosine from its product.
  (func $storeCosine (param $out i32) (param $scales i32) (param $r i32) (param $product i32)
    (param $queryScale f64)
    (f32.store
      (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
      (call $cosine (local.get $product) (local.get $queryScale)
        (f64.promote_f32
          (f32.load (i32.add (local.get $scales) (i32.shl (local.get $r) (i32.const 2))))))))

  ;; The exact cosines of four rows at once, as `dot` and `cosine` compute them: their loads,
  ;; scattered through memory, are in flight together rather than one row after another.
  (func $exact4 (param $query i32) (param $rows i32) (param $dims i32) (param $scales i32)
    (param $out i32) (param $queryScale f64)
    (param $a i32) (param $b i32) (param $c i32) (param $d i32)
    (local $j i32) (local $low v128) (local $high v128) (local $v v128)
    (local $ra i32) (local $rb i32) (local $rc i32) (local $rd i32)
    (local $sa v128) (local $sb v128) (local $sc v128) (local $sd v128)
    (local.set $ra (i32.add (local.get $rows) (i32.mul (local.get $a) (local.get $dims))))
    (local.set $rb (i32.add (local.get $rows) (i32.mul (local.get $b) (local.get $dims))))
    (local.set $rc (i32.add (local.get $rows) (i32.mul (local.get $c) (local.get $dims))))
    (local.set $rd (i32.add (local.get $rows) (i32.mul (local.get $d) (local.get $dims))))
    (loop $lanes
      (local.set $low (v128.load (local.get $query)))
      (local.set $high (v128.load offset=16 (local.get $query)))
      (local.set $v (v128.load (i32.add (local.get $ra) (local.get $j))))
      (local.set $sa (i32x4.add (local.get $sa)
        (i32x4.add
          (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $low))
          (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $high)))))
      (local.set $v (v128.load (i32.add (local.get $rb) (local.get $j))))
      (local.set $sb (i32x4.add (local.get $sb)
        (i32x4.add
          (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $low))
          (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $high)))))
      (local.set $v (v128.load (i32.add (local.get $rc) (local.get $j))))
      (local.set $sc (i32x4.add (local.get $sc)
        (i32x4.add
          (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $low))
          (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $high)))))
      (local.set $v (v128.load (i32.add (local.get $rd) (local.get $j))))
      (local.set $sd (i32x4.add (local.get $sd)
        (i32x4.add
          (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $low))
          (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $high)))))
      (local.set $query (i32.add (local.get $query) (i32.const 32)))
      (local.set $j (i32.add (local.get $j) (i32.const 16)))
      (br_if $lanes (i32.lt_u (local.get $j) (local.get $dims))))
    (call $storeCosine (local.get $out) (local.get $scales) (local.get $a)
      (call $lanes (local.get $sa)) (local.get $queryScale))
    (call $storeCosine (local.get $out) (local.get $scales) (local.get $b)
      (call $lanes (local.get $sb)) (local.get $queryScale))
    (call $storeCosine (local.get $out) (local.get $scales) (local.get $c)
      (call $lanes (local.get $sc)) (local.get $queryScale))
    (call $storeCosine (local.get $out) (local.get $scales) (local.get $d)
      (call $lanes (local.get $sd)) (local.get $queryScale)))

  ;; `estimate` for the four rows whose codes start at $at, each $half bytes after the last: their
  ;; sums in the four lanes. The query is read once for the four.
  (func $estimate4 (param $query i32) (param $at i32) (param $half i32) (result v128)
    (local $j i32) (local $low v128) (local $ab v128) (local $cd v128)
    (local $q0 v128) (local $q1 v128) (local $q2 v128) (local $q3 v128) (local $v v128) (local $w v128)
    (local $sa v128) (local $sb v128) (local $sc v128) (local $sd v128)
    (local.set $low (v128.const i8x16 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15))
    (loop $lanes
      (local.set $q0 (v128.load (local.get $query)))
      (local.set $q1 (v128.load offset=16 (local.get $query)))
      (local.set $q2 (v128.load offset=32 (local.get $query)))
      (local.set $q3 (v128.load offset=48 (local.get $query)))
      (local.set $v (v128.load (i32.add (local.get $at) (local.get $j))))
      (local.set $w (v128.load offset=16 (i32.add (local.get $at) (local.get $j))))
      (local.set $sa
        (i32x4.add (local.get $sa)
          (i32x4.extadd_pairwise_i16x8_s
            (i16x8.add
              (i16x8.add
                (i16x8.relaxed_dot_i8x16_i7x16_s (local.get $q0)
                  (v128.and (local.get $v) (local.get $low)))
                (i16x8.relaxed_dot_i8x16_i7x16_s (local.get $q1)
                  (v128.and (i16x8.shr_u (local.get $v) (i32.const 4)) (local.get $low))))
              (i16x8.add
                (i16x8.relaxed_dot_i8x16_i7x16_s (local.get $q2)
                  (v128.and (local.get $w) (local.get $low)))
                (i16x8.relaxed_dot_i8x16_i7x16_s (local.get $q3)
                  (v128.and (i16x8.shr_u (local.get $w) (i32.const 4)) (local.get $low))))))))
      (local.set $v (v128.load (i32.add (i32.add (local.get $at) (local.get $j)) (i32.mul (local.get $half) (i32.const 1)))))
      (local.set $w (v128.load offset=16 (i32.add (i32.add (local.get $at) (local.get $j)) (i32.mul (local.get $half) (i32.const 1)))))
      (local.set $sb
        (i32x4.add (local.get $sb)
          (i32x4.extadd_pairwise_i16x8_s
            (i16x8.add
              (i16x8.add
                (i16x8.relaxed_dot_i8x16_i7x16_s (local.get $q0)
                  (v128.and (local.get $v) (local.get $low)))
                (i16x8.relaxed_dot_i8x16_i7x16_s (local.get $q1)
                  (v128.and (i16x8.shr_u (local.get $v) (i32.const 4)) (local.get $low))))
              (i16x8.add
                (i16x8.relaxed_dot_i8x16_i7x16_s (local.get $q2)
                  (v128.and (local.get $w) (local.get $low)))
                (i16x8.relaxed_dot_i8x16_i7x16_s (local.get $q3)
                  (v128.and (i16x8.shr_u (local.get $w) (i32.const 4)) (local.get $low))))))))
      (local.set $v (v128.load (i32.add (i32.add (local.get $at) (local.get $j)) (i32.mul (local.get $half) (i32.const 2)))))
      (local.set $w (v128.load offset=16 (i32.add (i32.add (local.get $at) (local.get $j)) (i32.mul (local.get $half) (i32.const 2)))))
      (local.set $sc
        (i32x4.add (local.get $sc)
          (i32x4.extadd_pairwise_i16x8_s
            (i16x8.add
              (i16x8.add
                (i16x8.relaxed_dot_i8x16_i7x16_s (local.get $q0)
                  (v128.and (local.get $v) (local.get $low)))
                (i16x8.relaxed_dot_i8x16_i7x16_s (local.get $q1)
                  (v128.and (i16x8.shr_u (local.get $v) (i32.const 4)) (local.get $low))))
              (i16x8.add
                (i16x8.relaxed_dot_i8x16_i7x16_s (local.get $q2)
                  (v128.and (local.get $w) (local.get $low)))
                (i16x8.relaxed_dot_i8x16_i7x16_s (local.get $q3)
                  (v128.and (i16x8.shr_u (local.get $w) (i32.const 4)) (local.get $low))))))))
      (local.set $v (v128.load (i32.add (i32.add (local.get $at) (local.get $j)) (i32.mul (local.get $half) (i32.const 3)))))
      (local.set $w (v128.load offset=16 (i32.add (i32.add (local.get $at) (local.get $j)) (i32.mul (local.get $half) (i32.const 3)))))
      (local.set $sd
        (i32x4.add (local.get $sd)
          (i32x4.extadd_pairwise_i16x8_s
            (i16x8.add
              (i16x8.add
                (i16x8.relaxed_dot_i8x16_i7x16_s (local.get $q0)
                  (v128.and (local.get $v) (local.get $low)))
                (i16x8.relaxed_dot_i8x16_i7x16_s (local.get $q1)
                  (v128.and (i16x8.shr_u (local.get $v) (i32.const 4)) (local.get $low))))
              (i16x8.add
                (i16x8.relaxed_dot_i8x16_i7x16_s (local.get $q2)
                  (v128.and (local.get $w) (local.get $low)))
                (i16x8.relaxed_dot_i8x16_i7x16_s (local.get $q3)
                  (v128.and (i16x8.shr_u (local.get $w) (i32.const 4)) (local.get $low))))))))
      (local.set $j (i32.add (local.get $j) (i32.const 32)))
      (local.set $query (i32.add (local.get $query) (i32.const 64)))
      (br_if $lanes (i32.lt_u (local.get $j) (local.get $half))))
    ;; Each accumulator's lanes summed, the four sums side by side.
    (local.set $ab
      (i32x4.add
        (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $sa) (local.get $sb))
        (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $sa) (local.get $sb))))
    (local.set $cd
      (i32x4.add
        (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $sc) (local.get $sd))
        (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $sc) (local.get $sd))))
    (i32x4.add
      (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $ab) (local.get $cd))
      (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $ab) (local.get $cd))))

  ;; Stores row $r's estimate from its sum (see `pass`).
  (func $storeEstimate (param $out i32) (param $scales i32) (param $r i32) (param $sum i32)
    (param $bias f64) (param $query8Scale f64)
    ;; sum(query8 x value) ~ 16 x sum(query8 x high bits) + (7.5 - 128) x sum(query8): the low
    ;; four bits, unknown, taken at their mean.
    (f32.store
      (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
      (f32.demote_f64
        (f64.mul
          (f64.mul
            (f64.add (f64.convert_i32_s (i32.shl (local.get $sum) (i32.const 4))) (local.get $bias))
            (local.get $query8Scale))
          (f64.promote_f32
            (f32.load (i32.add (local.get $scales) (i32.shl (local.get $r) (i32.const 2)))))))))

  ;; `storeEstimate` for rows $r to $r + 3, their sums the lanes of $sums: the same f64
  ;; operations lane by lane (so the same f32 values), four rows a store.
  (func $storeEstimates4 (param $out i32) (param $scales i32) (param $r i32) (param $sums v128)
    (param $bias f64) (param $query8Scale f64)
    (local $at i32) (local $shifted v128) (local $rowScales v128) (local $b v128) (local $q v128)
    (local.set $at (i32.shl (local.get $r) (i32.const 2)))
    (local.set $shifted (i32x4.shl (local.get $sums) (i32.const 4)))
    (local.set $rowScales (v128.load (i32.add (local.get $scales) (local.get $at))))
    (local.set $b (f64x2.splat (local.get $bias)))
    (local.set $q (f64x2.splat (local.get $query8Scale)))
    (v128.store (i32.add (local.get $out) (local.get $at))
      (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
        (f32x4.demote_f64x2_zero
          (f64x2.mul
            (f64x2.mul
              (f64x2.add (f64x2.convert_low_i32x4_s (local.get $shifted)) (local.get $b))
              (local.get $q))
            (f64x2.promote_low_f32x4 (local.get $rowScales))))
        (f32x4.demote_f64x2_zero
          (f64x2.mul
            (f64x2.mul
              (f64x2.add
                (f64x2.convert_low_i32x4_s
                  (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15
                    (local.get $shifted) (local.get $shifted)))
                (local.get $b))
              (local.get $q))
            (f64x2.promote_low_f32x4
              (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15
                (local.get $rowScales) (local.get $rowScales))))))))

  ;; Whether any of rows $r to $r + 3 could reach its bar, by the refined pass's test (`pass`),
  ;; lane by lane in the same f64 operations: most rows of a search cannot, and are passed over
  ;; four at a time.
  (func $reach4 (param $out i32) (param $scales i32) (param $wordRows i32) (param $r i32)
    (param $rowMargin f64) (param $margin f64) (param $titleBar f64) (param $wordBar f64)
    (result i32)
    (local $at i32) (local $estimates v128) (local $rowScales v128) (local $marks v128)
    (local $rm v128) (local $m v128) (local $tb v128) (local $wb v128)
    (local.set $at (i32.shl (local.get $r) (i32.const 2)))
    (local.set $estimates (v128.load (i32.add (local.get $out) (local.get $at))))
    (local.set $rowScales (v128.load (i32.add (local.get $scales) (local.get $at))))
    ;; Each row's mark as a lane of all ones (marked) or zeros, 32 bits a row.
    (local.set $marks
      (i32x4.extend_low_i16x8_s
        (i16x8.extend_low_i8x16_s
          (i8x16.ne
            (v128.load32_zero (i32.add (local.get $wordRows) (local.get $r)))
            (v128.const i32x4 0 0 0 0)))))
    (local.set $rm (f64x2.splat (local.get $rowMargin)))
    (local.set $m (f64x2.splat (local.get $margin)))
    (local.set $tb (f64x2.splat (local.get $titleBar)))
    (local.set $wb (f64x2.splat (local.get $wordBar)))
    (v128.any_true
      (v128.or
        (f64x2.ge
          (f64x2.add (f64x2.promote_low_f32x4 (local.get $estimates))
            (f64x2.add (f64x2.mul (local.get $rm) (f64x2.promote_low_f32x4 (local.get $rowScales)))
              (local.get $m)))
          (v128.bitselect (local.get $wb) (local.get $tb)
            (i64x2.extend_low_i32x4_s (local.get $marks))))
        (f64x2.ge
          (f64x2.add
            (f64x2.promote_low_f32x4
              (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15
                (local.get $estimates) (local.get $estimates)))
            (f64x2.add
              (f64x2.mul (local.get $rm)
                (f64x2.promote_low_f32x4
                  (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15
                    (local.get $rowScales) (local.get $rowScales))))
              (local.get $m)))
          (v128.bitselect (local.get $wb) (local.get $tb)
            (i64x2.extend_high_i32x4_s (local.get $marks)))))))

  ;; Whether any of the estimates of rows $r to $r + 15 is at $bar or above (f32 lanes). A NaN
  ;; estimate is not, as it reaches no bar in the test row by row.
  (func $any16 (param $out i32) (param $r i32) (param $bar v128) (result i32)
    (local $at i32)
    (local.set $at (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2))))
    (v128.any_true
      (v128.or
        (v128.or
          (f32x4.ge (v128.load (local.get $at)) (local.get $bar))
          (f32x4.ge (v128.load offset=16 (local.get $at)) (local.get $bar)))
        (v128.or
          (f32x4.ge (v128.load offset=32 (local.get $at)) (local.get $bar))
          (f32x4.ge (v128.load offset=48 (local.get $at)) (local.get $bar))))))

  ;; An f32 bar under which no estimate of the sixteen rows whose largest scale is $groupScale
  ;; reaches its bar by the refined pass's test (`estimate + (rowMargin x scale + margin) >= bar`,
  ;; in f64, the bar the word bar or the title bar): the lower bar less the largest margin, less
  ;; more than the f64 arithmetic's and the f32 rounding's errors (a 2^-20 share and 1e-6, where
  ;; those are ~1e-16 and 2^-24 of it). -Infinity (nothing let go) where that is not a number.
  (func $groupBar (param $groupScale f32) (param $rowMargin f64) (param $margin f64)
    (param $titleBar f64) (param $wordBar f64) (result v128)
    (local $bar f64)
    (local.set $bar
      (f64.sub (f64.min (local.get $titleBar) (local.get $wordBar))
        (f64.add (f64.mul (local.get $rowMargin) (f64.promote_f32 (local.get $groupScale)))
          (local.get $margin))))
    (local.set $bar
      (f64.sub
        (f64.sub (local.get $bar) (f64.mul (f64.abs (local.get $bar)) (f64.const 0x1p-20)))
        (f64.const 1e-6)))
    (f32x4.splat
      (select (f32.demote_f64 (local.get $bar)) (f32.const -inf)
        (f64.eq (local.get $bar) (local.get $bar)))))

  ;; `estimates` for 4 queries at once (pass kind 4): each row's codes are loaded and
  ;; unpacked once, then multiplied with each query, 4 sums kept. The queries are the 4 entries of
  ;; the table at $table (`estimatesOf`).
  (func $estimates4 (param $table i32) (param $scales i32) (param $code i32) (param $half i32)
    (param $r i32) (param $to i32)
    (local $at i32) (local $end i32) (local $j i32) (local $v v128) (local $w v128) (local $low v128)
    (local $n0 v128) (local $n1 v128) (local $n2 v128) (local $n3 v128)
    (local $q0 i32) (local $s0 v128) (local $q1 i32) (local $s1 v128) (local $q2 i32) (local $s2 v128) (local $q3 i32) (local $s3 v128)
    (local $ab v128) (local $cd v128) (local $sums v128) (local $rowScale v128) (local $e01 v128) (local $e23 v128)
    (local $bias01 v128) (local $scale01 v128) (local $bias23 v128) (local $scale23 v128)
    (local $out0 i32) (local $out1 i32) (local $out2 i32) (local $out3 i32)
    (local.set $low (v128.const i8x16 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15))
    (local.set $q0 (i32.load offset=0 (local.get $table)))
    (local.set $q1 (i32.load offset=32 (local.get $table)))
    (local.set $q2 (i32.load offset=64 (local.get $table)))
    (local.set $q3 (i32.load offset=96 (local.get $table)))
    (local.set $out0 (i32.load offset=4 (local.get $table)))
    (local.set $out1 (i32.load offset=36 (local.get $table)))
    (local.set $out2 (i32.load offset=68 (local.get $table)))
    (local.set $out3 (i32.load offset=100 (local.get $table)))
    ;; Each query's bias and scale (`storeEstimate`'s), two queries a vector.
    (local.set $bias01
      (f64x2.replace_lane 1 (f64x2.splat (f64.load offset=8 (local.get $table)))
        (f64.load offset=40 (local.get $table))))
    (local.set $scale01
      (f64x2.replace_lane 1 (f64x2.splat (f64.load offset=16 (local.get $table)))
        (f64.load offset=48 (local.get $table))))
    (local.set $bias23
      (f64x2.replace_lane 1 (f64x2.splat (f64.load offset=72 (local.get $table)))
        (f64.load offset=104 (local.get $table))))
    (local.set $scale23
      (f64x2.replace_lane 1 (f64x2.splat (f64.load offset=80 (local.get $table)))
        (f64.load offset=112 (local.get $table))))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $r) (local.get $to)))
        (local.set $end (i32.add (local.get $code) (local.get $half)))
        (local.set $at (local.get $code))
        (local.set $j (i32.const 0))
        (local.set $s0 (v128.const i64x2 0 0))
        (local.set $s1 (v128.const i64x2 0 0))
        (local.set $s2 (v128.const i64x2 0 0))
        (local.set $s3 (v128.const i64x2 0 0))
        (loop $lanes
          (local.set $v (v128.load (local.get $at)))
          (local.set $w (v128.load offset=16 (local.get $at)))
          (local.set $n0 (v128.and (local.get $v) (local.get $low)))
          (local.set $n1 (v128.and (i16x8.shr_u (local.get $v) (i32.const 4)) (local.get $low)))
          (local.set $n2 (v128.and (local.get $w) (local.get $low)))
          (local.set $n3 (v128.and (i16x8.shr_u (local.get $w) (i32.const 4)) (local.get $low)))
          (local.set $s0
            (i32x4.add (local.get $s0)
              (i32x4.extadd_pairwise_i16x8_s
                (i16x8.add
                  (i16x8.add
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=0 (i32.add (local.get $q0) (local.get $j))) (local.get $n0))
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=16 (i32.add (local.get $q0) (local.get $j))) (local.get $n1)))
                  (i16x8.add
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=32 (i32.add (local.get $q0) (local.get $j))) (local.get $n2))
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=48 (i32.add (local.get $q0) (local.get $j))) (local.get $n3)))))))
          (local.set $s1
            (i32x4.add (local.get $s1)
              (i32x4.extadd_pairwise_i16x8_s
                (i16x8.add
                  (i16x8.add
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=0 (i32.add (local.get $q1) (local.get $j))) (local.get $n0))
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=16 (i32.add (local.get $q1) (local.get $j))) (local.get $n1)))
                  (i16x8.add
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=32 (i32.add (local.get $q1) (local.get $j))) (local.get $n2))
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=48 (i32.add (local.get $q1) (local.get $j))) (local.get $n3)))))))
          (local.set $s2
            (i32x4.add (local.get $s2)
              (i32x4.extadd_pairwise_i16x8_s
                (i16x8.add
                  (i16x8.add
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=0 (i32.add (local.get $q2) (local.get $j))) (local.get $n0))
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=16 (i32.add (local.get $q2) (local.get $j))) (local.get $n1)))
                  (i16x8.add
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=32 (i32.add (local.get $q2) (local.get $j))) (local.get $n2))
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=48 (i32.add (local.get $q2) (local.get $j))) (local.get $n3)))))))
          (local.set $s3
            (i32x4.add (local.get $s3)
              (i32x4.extadd_pairwise_i16x8_s
                (i16x8.add
                  (i16x8.add
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=0 (i32.add (local.get $q3) (local.get $j))) (local.get $n0))
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=16 (i32.add (local.get $q3) (local.get $j))) (local.get $n1)))
                  (i16x8.add
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=32 (i32.add (local.get $q3) (local.get $j))) (local.get $n2))
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=48 (i32.add (local.get $q3) (local.get $j))) (local.get $n3)))))))
          (local.set $at (i32.add (local.get $at) (i32.const 32)))
          (local.set $j (i32.add (local.get $j) (i32.const 64)))
          (br_if $lanes (i32.lt_u (local.get $at) (local.get $end))))
        ;; The four queries' sums side by side, each lane the sum of its accumulator's lanes
        ;; (as `lanes`), then `storeEstimate`'s f64 operations for two queries at a time.
        (local.set $ab
          (i32x4.add
            (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $s0) (local.get $s1))
            (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $s0) (local.get $s1))))
        (local.set $cd
          (i32x4.add
            (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $s2) (local.get $s3))
            (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $s2) (local.get $s3))))
        (local.set $sums
          (i32x4.shl
            (i32x4.add
              (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $ab) (local.get $cd))
              (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $ab) (local.get $cd)))
            (i32.const 4)))
        (local.set $rowScale
          (f64x2.splat
            (f64.promote_f32
              (f32.load (i32.add (local.get $scales) (i32.shl (local.get $r) (i32.const 2)))))))
        (local.set $e01
          (f32x4.demote_f64x2_zero
            (f64x2.mul
              (f64x2.mul
                (f64x2.add (f64x2.convert_low_i32x4_s (local.get $sums)) (local.get $bias01))
                (local.get $scale01))
              (local.get $rowScale))))
        (local.set $e23
          (f32x4.demote_f64x2_zero
            (f64x2.mul
              (f64x2.mul
                (f64x2.add
                  (f64x2.convert_low_i32x4_s
                    (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15
                      (local.get $sums) (local.get $sums)))
                  (local.get $bias23))
                (local.get $scale23))
              (local.get $rowScale))))
        (f32.store (i32.add (local.get $out0) (i32.shl (local.get $r) (i32.const 2)))
          (f32x4.extract_lane 0 (local.get $e01)))
        (f32.store (i32.add (local.get $out1) (i32.shl (local.get $r) (i32.const 2)))
          (f32x4.extract_lane 1 (local.get $e01)))
        (f32.store (i32.add (local.get $out2) (i32.shl (local.get $r) (i32.const 2)))
          (f32x4.extract_lane 0 (local.get $e23)))
        (f32.store (i32.add (local.get $out3) (i32.shl (local.get $r) (i32.const 2)))
          (f32x4.extract_lane 1 (local.get $e23)))
        (local.set $code (local.get $end))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rows))))

  ;; `estimates` for 2 queries at once (pass kind 5): each row's codes are loaded and
  ;; unpacked once, then multiplied with each query, 2 sums kept. The queries are the 2 entries of
  ;; the table at $table (`estimatesOf`).
  (func $estimates2 (param $table i32) (param $scales i32) (param $code i32) (param $half i32)
    (param $r i32) (param $to i32)
    (local $at i32) (local $end i32) (local $j i32) (local $v v128) (local $w v128) (local $low v128)
    (local $n0 v128) (local $n1 v128) (local $n2 v128) (local $n3 v128)
    (local $q0 i32) (local $s0 v128) (local $q1 i32) (local $s1 v128)
    (local.set $low (v128.const i8x16 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15))
    (local.set $q0 (i32.load offset=0 (local.get $table)))
    (local.set $q1 (i32.load offset=32 (local.get $table)))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $r) (local.get $to)))
        (local.set $end (i32.add (local.get $code) (local.get $half)))
        (local.set $at (local.get $code))
        (local.set $j (i32.const 0))
        (local.set $s0 (v128.const i64x2 0 0))
        (local.set $s1 (v128.const i64x2 0 0))
        (loop $lanes
          (local.set $v (v128.load (local.get $at)))
          (local.set $w (v128.load offset=16 (local.get $at)))
          (local.set $n0 (v128.and (local.get $v) (local.get $low)))
          (local.set $n1 (v128.and (i16x8.shr_u (local.get $v) (i32.const 4)) (local.get $low)))
          (local.set $n2 (v128.and (local.get $w) (local.get $low)))
          (local.set $n3 (v128.and (i16x8.shr_u (local.get $w) (i32.const 4)) (local.get $low)))
          (local.set $s0
            (i32x4.add (local.get $s0)
              (i32x4.extadd_pairwise_i16x8_s
                (i16x8.add
                  (i16x8.add
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=0 (i32.add (local.get $q0) (local.get $j))) (local.get $n0))
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=16 (i32.add (local.get $q0) (local.get $j))) (local.get $n1)))
                  (i16x8.add
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=32 (i32.add (local.get $q0) (local.get $j))) (local.get $n2))
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=48 (i32.add (local.get $q0) (local.get $j))) (local.get $n3)))))))
          (local.set $s1
            (i32x4.add (local.get $s1)
              (i32x4.extadd_pairwise_i16x8_s
                (i16x8.add
                  (i16x8.add
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=0 (i32.add (local.get $q1) (local.get $j))) (local.get $n0))
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=16 (i32.add (local.get $q1) (local.get $j))) (local.get $n1)))
                  (i16x8.add
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=32 (i32.add (local.get $q1) (local.get $j))) (local.get $n2))
                    (i16x8.relaxed_dot_i8x16_i7x16_s (v128.load offset=48 (i32.add (local.get $q1) (local.get $j))) (local.get $n3)))))))
          (local.set $at (i32.add (local.get $at) (i32.const 32)))
          (local.set $j (i32.add (local.get $j) (i32.const 64)))
          (br_if $lanes (i32.lt_u (local.get $at) (local.get $end))))
        (call $storeEstimate (i32.load offset=4 (local.get $table)) (local.get $scales)
          (local.get $r) (call $lanes (local.get $s0)) (f64.load offset=8 (local.get $table))
          (f64.load offset=16 (local.get $table)))
        (call $storeEstimate (i32.load offset=36 (local.get $table)) (local.get $scales)
          (local.get $r) (call $lanes (local.get $s1)) (f64.load offset=40 (local.get $table))
          (f64.load offset=48 (local.get $table)))
        (local.set $code (local.get $end))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rows))))

  ;; The codes of rows $from to $to (exclusive): per 32 values, byte i holds the high four bits
  ;; of value i plus 128 in its low nibble and those of value 16 + i in its high nibble.
  (func $pack (param $record i32) (param $from i32) (param $to i32)
    (local $at i32) (local $end i32) (local $code i32) (local $a v128) (local $b v128)
    (local.set $at
      (i32.add (i32.load offset=44 (local.get $record))
        (i32.mul (local.get $from) (i32.load offset=32 (local.get $record)))))
    (local.set $end
      (i32.add (i32.load offset=44 (local.get $record))
        (i32.mul (local.get $to) (i32.load offset=32 (local.get $record)))))
    (local.set $code
      (i32.add (i32.load offset=48 (local.get $record))
        (i32.shr_u (i32.mul (local.get $from) (i32.load offset=32 (local.get $record)))
          (i32.const 1))))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $a (v128.xor (v128.load (local.get $at)) (v128.const i8x16
          -128 -128 -128 -128 -128 -128 -128 -128 -128 -128 -128 -128 -128 -128 -128 -128)))
        (local.set $b (v128.xor (v128.load offset=16 (local.get $at)) (v128.const i8x16
          -128 -128 -128 -128 -128 -128 -128 -128 -128 -128 -128 -128 -128 -128 -128 -128)))
        (v128.store (local.get $code)
          (v128.or
            (v128.and (i16x8.shr_u (local.get $a) (i32.const 4))
              (v128.const i8x16 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15))
            (v128.and (local.get $b)
              (v128.const i8x16
                -16 -16 -16 -16 -16 -16 -16 -16 -16 -16 -16 -16 -16 -16 -16 -16))))
        (local.set $at (i32.add (local.get $at) (i32.const 32)))
        (local.set $code (i32.add (local.get $code) (i32.const 16)))
        (br $each))))

  ;; Rows $from to $to (exclusive) of the pass described at $record, each cosine as f32 at
  ;; out + 4 x row; the number of rows whose exact cosine the pass computed.
  ;; The refined pass (kind 2) over rows $r to $to: the exact cosine of each row whose estimate
  ;; could reach its bar; returns how many (see `pass`).
  (func $refined (param $record i32) (param $r i32) (param $to i32) (param $dims i32)
    (param $query i32) (param $rows i32) (param $wordRows i32) (param $scales i32) (param $out i32)
    (param $queryScale f64) (param $rowMargin f64) (param $margin f64) (param $titleBar f64)
    (param $wordBar f64) (result i32)
    (local $scale f64) (local $estimate f64)
    (local $exact i32) (local $p0 i32) (local $p1 i32) (local $p2 i32) (local $p3 i32)
    (local $groupScales i32)
    ;; Refined: the exact cosine of each row whose estimate could reach its bar, over the estimate.
    (local.set $groupScales (i32.load offset=128 (local.get $record)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $r) (local.get $to)))
        ;; Sixteen rows of a group none of whose estimates is at the group's bar: let go together.
        (if (i32.and
              (i32.and (i32.ne (local.get $groupScales) (i32.const 0))
                (i32.eqz (i32.and (local.get $r) (i32.const 15))))
              (i32.le_u (i32.add (local.get $r) (i32.const 16)) (local.get $to)))
          (then
            (if (i32.eqz
                  (call $any16 (local.get $out) (local.get $r)
                    (call $groupBar
                      (f32.load
                        (i32.add (local.get $groupScales)
                          (i32.shl (i32.shr_u (local.get $r) (i32.const 4)) (i32.const 2))))
                      (local.get $rowMargin) (local.get $margin)
                      (local.get $titleBar) (local.get $wordBar))))
              (then
                (local.set $r (i32.add (local.get $r) (i32.const 16)))
                (br $each)))))
        ;; Four rows none of which could reach its bar: passed over together.
        (if (i32.le_u (i32.add (local.get $r) (i32.const 4)) (local.get $to))
          (then
            (if (i32.eqz
                  (call $reach4 (local.get $out) (local.get $scales) (local.get $wordRows)
                    (local.get $r) (local.get $rowMargin) (local.get $margin)
                    (local.get $titleBar) (local.get $wordBar)))
              (then
                (local.set $r (i32.add (local.get $r) (i32.const 4)))
                (br $each)))))
        (local.set $scale
          (f64.promote_f32
            (f32.load (i32.add (local.get $scales) (i32.shl (local.get $r) (i32.const 2))))))
        (local.set $estimate
          (f64.promote_f32
            (f32.load (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2))))))
        ;; A row that could reach its bar waits for three more, then the four are computed
        ;; exactly together.
        (if
          (f64.ge
            (f64.add (local.get $estimate)
              (f64.add (f64.mul (local.get $rowMargin) (local.get $scale)) (local.get $margin)))
            (select (local.get $wordBar) (local.get $titleBar)
              (i32.load8_u (i32.add (local.get $wordRows) (local.get $r)))))
          (then
            (local.set $exact (i32.add (local.get $exact) (i32.const 1)))
            (local.set $p3 (local.get $p2))
            (local.set $p2 (local.get $p1))
            (local.set $p1 (local.get $p0))
            (local.set $p0 (local.get $r))
            (if (i32.eqz (i32.and (local.get $exact) (i32.const 3)))
              (then
                (call $exact4 (local.get $query) (local.get $rows) (local.get $dims)
                  (local.get $scales) (local.get $out) (local.get $queryScale)
                  (local.get $p0) (local.get $p1) (local.get $p2) (local.get $p3))))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $each)))
    ;; The last rows waiting, fewer than four: the newest is $p0.
    (if (i32.ge_u (i32.and (local.get $exact) (i32.const 3)) (i32.const 1))
      (then
        (call $storeCosine (local.get $out) (local.get $scales) (local.get $p0)
          (call $dot (local.get $query)
            (i32.add (local.get $rows) (i32.mul (local.get $p0) (local.get $dims)))
            (local.get $dims))
          (local.get $queryScale))))
    (if (i32.ge_u (i32.and (local.get $exact) (i32.const 3)) (i32.const 2))
      (then
        (call $storeCosine (local.get $out) (local.get $scales) (local.get $p1)
          (call $dot (local.get $query)
            (i32.add (local.get $rows) (i32.mul (local.get $p1) (local.get $dims)))
            (local.get $dims))
          (local.get $queryScale))))
    (if (i32.ge_u (i32.and (local.get $exact) (i32.const 3)) (i32.const 3))
      (then
        (call $storeCosine (local.get $out) (local.get $scales) (local.get $p2)
          (call $dot (local.get $query)
            (i32.add (local.get $rows) (i32.mul (local.get $p2) (local.get $dims)))
            (local.get $dims))
          (local.get $queryScale))))
    (local.get $exact))

  (func (export "pass") (param $record i32) (param $from i32) (param $to i32) (result i32)
    (local $dims i32) (local $query i32) (local $query8 i32) (local $rows i32) (local $codes i32)
    (local $wordRows i32) (local $scales i32) (local $out i32) (local $half i32)
    (local $queryScale f64) (local $query8Scale f64) (local $bias f64) (local $rowMargin f64)
    (local $margin f64) (local $titleBar f64) (local $wordBar f64)
    (local $r i32) (local $at i32) (local $code i32)
    (local.set $dims (i32.load offset=32 (local.get $record)))
    (local.set $query (i32.load offset=36 (local.get $record)))
    (local.set $query8 (i32.load offset=40 (local.get $record)))
    (local.set $rows (i32.load offset=44 (local.get $record)))
    (local.set $codes (i32.load offset=48 (local.get $record)))
    (local.set $wordRows (i32.load offset=52 (local.get $record)))
    (local.set $scales (i32.load offset=56 (local.get $record)))
    (local.set $out (i32.load offset=60 (local.get $record)))
    (local.set $queryScale (f64.load offset=64 (local.get $record)))
    (local.set $r (local.get $from))
    (local.set $at (i32.add (local.get $rows) (i32.mul (local.get $from) (local.get $dims))))
    ;; Codes: packed once, by the first screened search.
    (if (i32.eq (i32.load offset=20 (local.get $record)) (i32.const 3))
      (then
        (call $pack (local.get $record) (local.get $from) (local.get $to))
        (return (i32.const 0))))
    ;; Exact: every row.
    (if (i32.eqz (i32.load offset=20 (local.get $record)))
      (then
        (block $done
          (loop $each
            (br_if $done (i32.ge_u (local.get $r) (local.get $to)))
            (f32.store
              (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
              (call $cosine
                (call $dot (local.get $query) (local.get $at) (local.get $dims))
                (local.get $queryScale)
                (f64.promote_f32
                  (f32.load (i32.add (local.get $scales) (i32.shl (local.get $r) (i32.const 2)))))))
            (local.set $at (i32.add (local.get $at) (local.get $dims)))
            (local.set $r (i32.add (local.get $r) (i32.const 1)))
            (br $each)))
        (return (i32.sub (local.get $to) (local.get $from)))))
    (local.set $query8Scale (f64.load offset=72 (local.get $record)))
    (local.set $bias (f64.load offset=80 (local.get $record)))
    (local.set $rowMargin (f64.load offset=88 (local.get $record)))
    (local.set $margin (f64.load offset=96 (local.get $record)))
    (local.set $titleBar (f64.load offset=104 (local.get $record)))
    (local.set $wordBar (f64.load offset=112 (local.get $record)))
    (local.set $half (i32.shr_u (local.get $dims) (i32.const 1)))
    (local.set $code (i32.add (local.get $codes) (i32.mul (local.get $from) (local.get $half))))
    ;; Estimates: every row's, from its codes, four rows at a time.
    (if (i32.eq (i32.load offset=20 (local.get $record)) (i32.const 1))
      (then
        (block $done
          (loop $fours
            (br_if $done (i32.gt_u (i32.add (local.get $r) (i32.const 4)) (local.get $to)))
            (call $storeEstimates4 (local.get $out) (local.get $scales) (local.get $r)
              (call $estimate4 (local.get $query8) (local.get $code) (local.get $half))
              (local.get $bias) (local.get $query8Scale))
            (local.set $code (i32.add (local.get $code) (i32.shl (local.get $half) (i32.const 2))))
            (local.set $r (i32.add (local.get $r) (i32.const 4)))
            (br $fours)))
        (block $done
          (loop $each
            (br_if $done (i32.ge_u (local.get $r) (local.get $to)))
            (call $storeEstimate (local.get $out) (local.get $scales) (local.get $r)
              (call $estimate (local.get $query8) (local.get $code)
                (i32.add (local.get $code) (local.get $half)))
              (local.get $bias) (local.get $query8Scale))
            (local.set $code (i32.add (local.get $code) (local.get $half)))
            (local.set $r (i32.add (local.get $r) (i32.const 1)))
            (br $each)))
        (return (i32.const 0))))
    ;; Estimates for four or two queries at once, from the table at byte 124.
    (if (i32.eq (i32.load offset=20 (local.get $record)) (i32.const 4))
      (then
        (call $estimates4 (i32.load offset=124 (local.get $record)) (local.get $scales)
          (local.get $code) (local.get $half) (local.get $from) (local.get $to))
        (return (i32.const 0))))
    (if (i32.eq (i32.load offset=20 (local.get $record)) (i32.const 5))
      (then
        (call $estimates2 (i32.load offset=124 (local.get $record)) (local.get $scales)
          (local.get $code) (local.get $half) (local.get $from) (local.get $to))
        (return (i32.const 0))))
    ;; Refined (kind 2), a function of its own: the exact pass above keeps the code it had.
    (call $refined (local.get $record) (local.get $r) (local.get $to) (local.get $dims)
      (local.get $query) (local.get $rows) (local.get $wordRows) (local.get $scales)
      (local.get $out) (local.get $queryScale) (local.get $rowMargin) (local.get $margin)
      (local.get $titleBar) (local.get $wordBar))))
