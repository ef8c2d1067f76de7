-- For scripts/compare-gomoche.sh: every initial gossip graph of K agents (GoMoChe's
-- allInits), each with the number of successful and unsuccessful call sequences of a
-- protocol (GoMoChe's statistics), one line each: graph, successful, unsuccessful.
-- Usage: statistics K PROTOCOL   (PROTOCOL: lns, cmo, pig, any)
import Gossip (ppGraph, allInits)
import Gossip.General (lns, cmo, pig, anyCall, Protocol)
import Gossip.Strengthening (statistics)
import System.Environment (getArgs)
import System.Exit (die)

protocol :: String -> IO Protocol
protocol "lns" = return lns
protocol "cmo" = return cmo
protocol "pig" = return pig
protocol "any" = return anyCall
protocol other = die ("unknown protocol " ++ other)

main :: IO ()
main = do
  args <- getArgs
  case args of
    [k, name] -> do
      proto <- protocol name
      mapM_ (\g -> let (s, u) = statistics proto (g, [])
                   in putStrLn (ppGraph g ++ "\t" ++ show s ++ "\t" ++ show u))
            (allInits (read k))
    _ -> die "usage: statistics K PROTOCOL"
