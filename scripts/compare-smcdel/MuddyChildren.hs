-- The muddy children, every child muddy, solved with SMCDEL's S5 knowledge structures
-- (jrclogic/SMCDEL, SMCDEL.Symbolic.S5) in one of two ways:
--   published   - one formula [!father][!nobody knows]...(nobody knows), checked with
--                 evalViaBdd for growing k, as in SMCDEL's bench/muddychildren.hs;
--   incremental - the structure updated with each announcement (the law conjoined with
--                 the announcement's BDD), then "some child knows" checked on it;
--   incremental-k - the same, "child i knows whether" written K_i p | K_i ~p (the form
--                 of the textbooks and of kripkesim's `bench scenario-muddy-model`).
-- Prints the number of "nobody knows" announcements before a child knows (n - 1).
module Main (main) where

import Data.List (delete)
import System.Environment (getArgs)
import System.Exit (exitFailure)

import SMCDEL.Language
import SMCDEL.Symbolic.S5

children :: Int -> [Prp]
children n = [P 1 .. P n]

start :: Int -> KnowScene
start n = (KnS (children n) (boolBddOf Top) [ (show i, delete (P i) (children n)) | i <- [1 .. n] ], children n)

knows :: Int -> Form
knows i = Kw (show i) (PrpF (P i))

knowsByK :: Int -> Form
knowsByK i = Disj [K (show i) (PrpF (P i)), K (show i) (Neg (PrpF (P i)))]

nobodyKnows :: (Int -> Form) -> Int -> Form
nobodyKnows whether n = Conj [ Neg (whether i) | i <- [1 .. n] ]

father :: Int -> Form
father n = Disj (map PrpF (children n))

published :: Int -> Int
published n = loop 0 where
  nested 0 = nobodyKnows knows n
  nested k = PubAnnounce (nobodyKnows knows n) (nested (k - 1))
  loop k = if evalViaBdd (start n) (PubAnnounce (father n) (nested k)) then loop (k + 1) else k

incremental :: (Int -> Form) -> Int -> Int
incremental whether n = loop 0 (update (start n) (father n)) where
  someoneKnows = Disj [ whether i | i <- [1 .. n] ]
  loop k scene
    | evalViaBdd scene someoneKnows = k
    | otherwise = loop (k + 1) (update scene (nobodyKnows whether n))

main :: IO ()
main = do
  args <- getArgs
  case args of
    [method, count] | Just solve <- lookup method methods -> do
      let n = read count
          rounds = solve n
      print rounds
      if rounds == n - 1 then return () else exitFailure
    _ -> putStrLn "usage: muddy-children published|incremental|incremental-k N" >> exitFailure
  where
    methods = [("published", published), ("incremental", incremental knows), ("incremental-k", incremental knowsByK)]
