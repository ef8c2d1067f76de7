-- Two models of kripkesim's `bench scenario-from-the-law`, solved with SMCDEL's S5
-- knowledge structures (jrclogic/SMCDEL, SMCDEL.Symbolic.S5) the way its examples write
-- them: the law as a disjunction of the worlds, "knows the value" as a disjunction of K.
--   whatsum B  - three numbers in 1..B, one the sum of the other two, each agent seeing the
--                other two (van Ditmarsch et al.'s "What Sum", in SMCDEL's examples with
--                B = 50); the four announcements of kripkesim's scenario: Anne, Bill and
--                Cath in turn do not know their number, then Anne knows hers. Prints the
--                states left.
--   russian    - Russian cards (Alice and Bob 3 cards, Eve 1, of 0..6; actual deal 012 |
--                345 | 6): the questions of configs/models/russian-cards.json, in order.
--                Prints how many of them hold; all 9 do.
module Main (main) where

import Data.Bits (testBit)
import Data.List (subsequences, (\\))
import System.Environment (getArgs)
import System.Exit (exitFailure)

import SMCDEL.Language
import SMCDEL.Symbolic.S5

-- What Sum: agent k's number in binary on the k-th block of `width` bits.
numberIs :: Int -> Int -> Int -> Form
numberIs width k n = Conj [ (if testBit n j then id else Neg) (PrpF (P (k * width + j))) | j <- [0 .. width - 1] ]

whatSum :: Int -> Int
whatSum bound = length (statesOf final) where
  width = length (takeWhile (<= bound) (iterate (* 2) 1))
  block k = [ P (k * width + j) | j <- [0 .. width - 1] ]
  names = ["Anne", "Bill", "Cath"]
  law = boolBddOf $ Disj
    [ Conj [numberIs width 0 a, numberIs width 1 b, numberIs width 2 c]
    | a <- [1 .. bound], b <- [1 .. bound], c <- [1 .. bound], a == b + c || b == a + c || c == a + b ]
  observes k = concat [ block o | o <- [0, 1, 2], o /= k ]
  start = KnS (concatMap block [0, 1, 2]) law [ (names !! k, observes k) | k <- [0, 1, 2] ]
  knowsOwn k = Disj [ K (names !! k) (numberIs width k n) | n <- [1 .. bound] ]
  final = foldl update start [Neg (knowsOwn 0), Neg (knowsOwn 1), Neg (knowsOwn 2), knowsOwn 0]

-- Russian cards: card c held by player i is P (3c + i); Alice 0, Bob 1, Eve 2.
holds :: Int -> Int -> Form
holds i c = PrpF (P (3 * c + i))

russian :: Int
russian = length (filter id answers) where
  cards = [0 .. 6]
  players = ["Alice", "Bob", "Eve"]
  deals = [ (a, b, cards \\ (a ++ b)) | a <- threes cards, b <- threes (cards \\ a) ]
  threes xs = [ s | s <- subsequences xs, length s == 3 ]
  deal (a, b, e) = Conj [ (if c `elem` hand then id else Neg) (holds i c)
                        | (i, hand) <- zip [0 ..] [a, b, e], c <- cards ]
  law = boolBddOf (Disj (map deal deals))
  scene0 = (KnS [ P k | k <- [0 .. 20] ] law [ (players !! i, [ P (3 * c + i) | c <- cards ]) | i <- [0, 1, 2] ],
            [ P (3 * c + i) | (i, hand) <- zip [0 ..] [[0, 1, 2], [3, 4, 5], [6]], c <- hand ])
  hand = Conj . map (holds 0)
  said = Disj (map hand [[0, 1, 2], [0, 3, 4], [0, 5, 6], [1, 3, 5], [1, 4, 6], [2, 3, 6], [2, 4, 5]])
  bobKnowsAlice = Conj [ Kw "Bob" (holds 0 c) | c <- cards ]
  aliceKnowsBob = Conj [ Kw "Alice" (holds 1 c) | c <- cards ]
  eveIgnorant = Conj (concat [ [Neg (Kw "Eve" (holds 0 c)), Neg (Kw "Eve" (holds 1 c))] | c <- [0 .. 5] ])
  count (kns, _) = length (statesOf kns)
  scene1 = update scene0 said
  scene2 = update scene1 (holds 2 6)
  answers =
    [ count scene0 == 140
    , evalViaBdd scene0 (PubAnnounce (hand [0, 1, 2]) bobKnowsAlice)
    , evalViaBdd scene0 (PubAnnounce (hand [0, 1, 2]) (Kw "Eve" (holds 0 3)))
    , evalViaBdd scene0 (PubAnnounce said bobKnowsAlice)
    , evalViaBdd scene0 (PubAnnounce said eveIgnorant)
    , count scene1 == 28 && evalViaBdd scene1 bobKnowsAlice
    , evalViaBdd scene2 aliceKnowsBob
    , evalViaBdd scene2 eveIgnorant
    , evalViaBdd scene2 (Ck players (Neg (Kw "Eve" (holds 0 0))))
    ]

main :: IO ()
main = do
  args <- getArgs
  case args of
    ["whatsum", bound] -> print (whatSum (read bound))
    ["russian"] -> do
      let held = russian
      print held
      if held == 9 then return () else exitFailure
    _ -> putStrLn "usage: models whatsum BOUND | models russian" >> exitFailure
